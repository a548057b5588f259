// CPU time spent by each side of a measured run, read from /proc (Linux): the shop's server process, PostgreSQL's
// backends (every process named postgres on the machine) and the bench itself (autocannon runs in its process). Divided
// by the requests or orders of the run, it says what one costs, and so what 2 cores can do at most.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime + stime
  } catch {
    return 0; // gone, or no /proc
  }
}

function postgresCpuSeconds() {
  let seconds = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') seconds += cpuSecondsOf(entry);
    } catch {
      // ended while being read
    }
  }
  return seconds;
}

/** Starts counting; the function it answers stops and gives the CPU seconds of the server, PostgreSQL and the bench. */
export function cpuMeter(serverPid) {
  const bench = process.cpuUsage();
  const server = cpuSecondsOf(serverPid);
  const postgres = postgresCpuSeconds();
  return () => {
    const used = process.cpuUsage(bench);
    return { server: cpuSecondsOf(serverPid) - server, postgres: postgresCpuSeconds() - postgres, bench: (used.user + used.system) / 1e6 };
  };
}

/** CPU seconds of runs added up. */
export function addCpu(runs) {
  const sum = { server: 0, postgres: 0, bench: 0 };
  for (const cpu of runs) for (const key of Object.keys(sum)) sum[key] += cpu?.[key] ?? 0;
  return sum;
}

/** CPU per unit (request or order), in `scale` units of time (1e6: µs, 1e3: ms), as "server + PostgreSQL + bench". */
export function cpuPer(cpu, count, scale) {
  if (!cpu || !count) return null;
  const each = (seconds) => Math.round((seconds / count) * scale * 100) / 100;
  return { server: each(cpu.server), postgres: each(cpu.postgres), bench: each(cpu.bench) };
}
