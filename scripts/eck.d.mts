/** Types of scripts/eck.mjs (`npm run eck`) for its tests. */
/** Why dist/bin/eck.mjs under `root` must be built, or `null` when it is current. */
export declare function whyStale(root?: string): string | null;
