import type { CatalogueApi } from './src/catalogue.js';

export declare const CONSOLE_APIS: readonly { name: CatalogueApi['name']; title: string; mount: string }[];
export declare function catalogue(): CatalogueApi[];
