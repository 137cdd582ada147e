export declare const root: string;
export type BuildName = 'web' | 'server';
export declare const TARGETS: Record<BuildName, { output: string; sources: string[]; command: string[] }>;
export declare function staleReason(name: BuildName): string | null;
export declare function ensureBuilt(names?: BuildName[], opts?: { dryRun?: boolean }): BuildName[];
