// The flags of mock:persist, mock:init and mock:token, as their runners read them.

export interface PersistOptions {
	readonly compose?: string;
	readonly service?: string;
	readonly target?: string;
	readonly restart?: boolean;
	readonly dryRun?: boolean;
	readonly yes?: boolean;
	readonly json?: boolean;
	readonly cwd?: string;
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
