// The storefront's weight as bench/weight.mjs measures it, typed for e2e/tests/first-load.spec.ts.
export interface PageWeight {
  page: string;
  jsFiles: number;
  jsGzipKB: number;
  jsGzipBytes: number;
  files: string[];
}
export declare function measureWeight(dist?: string): { source: string; pages: PageWeight[] };
