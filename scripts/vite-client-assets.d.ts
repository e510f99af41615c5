import type { Plugin } from 'vite';
export declare const CLIENT_OUT_DIR = "dist/client";
export declare const CLIENT_ENTRY = "client/entry.tsx";
export declare const CLIENT_STYLES = "client/styles.css";
/**
 * Tells the worker where the client's island loader, island chunks and stylesheet live: the Vite dev
 * server's source paths while developing, the hashed files of the client build's manifest after it.
 * The client is built before the worker (see builder.buildApp) so the manifest exists by then.
 */
export declare function clientAssets(): Plugin;
