export declare const PGLITE_ONLY: string[];
export declare const NEEDS_BUILD: string[];
export declare const NODE_BOUND: string[];
