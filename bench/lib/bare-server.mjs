// The yardstick: a bare node:http server answering one captured body with its content type, nothing else.
// Started by load.mjs as a child process (argv: body file, content type); it reports its port over IPC.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const body = readFileSync(process.argv[2]);
const headers = { 'content-type': process.argv[3], 'content-length': body.length };

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
