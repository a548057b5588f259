export declare const MISSING_CHROMIUM: string;
export declare function findChromium(
  env?: NodeJS.ProcessEnv,
): Promise<{ executablePath: string; env: Record<string, string> } | { missing: string }>;
