// The flags of mock:persist, mock:init and mock:token, as their runners read them.
import type {CommonOptions} from '../options.js';

/** --dry-run (in CommonOptions) chooses the sink; nothing here reads it. */
export interface PersistOptions extends CommonOptions {
	readonly compose?: string;
	readonly service?: string;
	readonly target?: string;
	readonly restart?: boolean;
}

export interface InitOptions {
	readonly url: string;
	readonly timeout: string;
	readonly json?: boolean;
	readonly cwd?: string;
}

export interface TokenOptions {
	/** Default: var/api/configDataset.json. */
	readonly file?: string;
	readonly force?: boolean;
	readonly json?: boolean;
	readonly cwd?: string;
}
