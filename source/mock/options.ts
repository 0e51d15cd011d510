// The flags of mock:persist, mock:init and mock:token, as their runners read them, and the files
// they default to (named in --help, so kept apart from the code that reads and writes them).
import type {CommonOptions} from '../base/options.js';

/** Where the mock reads its tokens, host side (var/configDataset.json in the container). */
export const tokenFile = 'var/api/configDataset.json';
/** The name the seed and the mock's docs give; the mock never reads it. */
export const docsTokenFile = 'var/api/configData.json';

/** --dry-run (in CommonOptions) chooses the sink; nothing here reads it. */
export interface PersistOptions extends CommonOptions {
	readonly compose?: string;
	readonly service?: string;
	readonly target?: string;
	readonly restart?: boolean;
}

export interface InitOptions {
	/** Default: the address the compose file gives the mock service (mock-service.ts). */
	readonly url?: string;
	readonly timeout: string;
	readonly json?: boolean;
	readonly cwd?: string;
	readonly quiet?: boolean;
}

export interface TokenOptions {
	/** Default: var/api/configDataset.json. */
	readonly file?: string;
	readonly force?: boolean;
	readonly json?: boolean;
	readonly cwd?: string;
	readonly quiet?: boolean;
}
