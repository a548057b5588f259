// Types of meta-test-server.mjs, for the tests that import it.

export interface MetaTestServer {
  /** e.g. http://127.0.0.1:43123: META_GRAPH_URL, and the pixel script's origin */
  readonly url: string;
  readonly token: string;
  /** every event accepted, with the pixel id its call named */
  readonly received: { pixelId: string; event: Record<string, unknown> }[];
  /** every beacon of the stand-in's pixel script: id (the pixel), ev (the event), eid (its id), cd (its data, JSON) */
  readonly beacons: Record<string, string>[];
  /** how often the pixel script was downloaded */
  readonly scripts: number;
  /** event calls received, answered or failed */
  readonly calls: number;
  /** The next `count` event calls answer `status` (500 by default), as Meta does while it is away. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

export const META_TEST_TOKEN: string;
export function startMetaTestServer(options?: { token?: string; port?: number; host?: string }): Promise<MetaTestServer>;
