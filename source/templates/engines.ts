// What each engine needs from a template folder and offers to its files. An engine is the code
// behind a template (its routes, its checks, the values its files are filled with); a folder
// picks one in its manifest and brings the text. Pure data: docs/templates.md lists the same.

export type EngineName = 'controller' | 'resource' | 'upload' | 'web' | 'command';
export type OptionType = 'identifier' | 'fields' | 'extensions' | 'folder' | 'form-field';
export type CommandName = 'make:api' | 'make:controller' | 'make:command';

export interface Engine {
	readonly command: CommandName;
	/** The files a folder must declare, by role. */
	readonly roles: readonly string[];
	/** The options the engine reads, by name, with their type. */
	readonly options: Readonly<Record<string, OptionType>>;
	/** --methods applies (the engine does not choose its own methods). */
	readonly takesMethods: boolean;
	/** The routes it makes, in words, when it chooses its own methods. */
	readonly routes?: string;
	/** --methods narrows the methods it serves: its --help line. */
	readonly narrowsMethods?: string;
	/** The methods it serves, which --methods, the route screen and --plain narrow; `always` stays. */
	readonly methodChoices?: {readonly all: readonly string[]; readonly always: string};
	/** The name variables its files and `to` paths can use. */
	readonly names: readonly string[];
	/** The variables every file can use (the names included); a section's own variables in `sections`. */
	readonly variables: readonly string[];
	readonly sections: Readonly<Record<string, readonly string[]>>;
	/** Variables holding free text (a --description as typed): only ever escaped (`<% x %>`), never raw. */
	readonly freeText: readonly string[];
	/** Offered to the `to` paths besides the name variables. */
	readonly pathVariables: readonly string[];
	/**
	 * The roles whose file holds a class a route or commands.yaml names: the one `to` where the
	 * project's autoloader (PSR-4, "" → app/) finds that class, and the class.
	 */
	readonly classFiles: Readonly<Record<string, {readonly to: string; readonly names: string}>>;
}

/** Offered to every file and to the `to` paths of the make:api and make:controller engines. */
export const nameVariables = ['className', 'routeName', 'uri', 'kebab', 'twigFolder'] as const;

/** Offered to every file and to the `to` paths of the make:command engine. */
export const commandNameVariables = ['className', 'commandName'] as const;

export const engines: Readonly<Record<EngineName, Engine>> = {
	controller: {
		names: nameVariables,
		command: 'make:api',
		roles: ['controller', 'openapi'],
		options: {},
		takesMethods: true,
		variables: [...nameVariables, 'description', 'operations', 'parameters'],
		sections: {operations: ['attribute', 'uri'], parameters: ['name', 'type']},
		freeText: ['description'],
		pathVariables: [],
		classFiles: {controller: {to: 'app/Controller/api/<%& className %>.php', names: 'Controller\\api\\<className>, the class its route names'}},
	},
	resource: {
		names: nameVariables,
		command: 'make:api',
		roles: ['list', 'item', 'openapi'],
		options: {table: 'identifier', fields: 'fields'},
		takesMethods: false,
		routes: 'GET, POST and GET, PUT, DELETE …/{id}',
		narrowsMethods: 'narrows GET,POST,PUT,DELETE (GET stays): --methods GET,POST gives the list, create and read by id only',
		methodChoices: {all: ['GET', 'POST', 'PUT', 'DELETE'], always: 'GET'},
		variables: [...nameVariables, 'itemClassName', 'listClass', 'table', 'itemUri', 'listDescription', 'fields', 'mediaTypes', 'hasPost', 'hasPut', 'hasDelete', 'createMysql', 'createSqlite'],
		sections: {
			fields: ['name', 'isInt', 'phpType', 'openapiType', 'sqlType', 'hasLength', 'length', 'maxLiteral', 'pdoParam', 'last'],
			mediaTypes: ['mediaType'],
		},
		freeText: ['listDescription'],
		pathVariables: ['itemClassName'],
		classFiles: {list: {to: 'app/Controller/api/<%& className %>.php', names: 'Controller\\api\\<className>, the class its route names'}, item: {to: 'app/Controller/api/<%& itemClassName %>.php', names: 'Controller\\api\\<itemClassName>, the class its route names'}},
	},
	upload: {
		names: nameVariables,
		command: 'make:api',
		roles: ['controller', 'openapi'],
		options: {field: 'form-field', extensions: 'extensions', dir: 'folder'},
		takesMethods: false,
		routes: 'POST',
		variables: [...nameVariables, 'field', 'dir', 'extensions', 'extensionList', 'createdDescription', 'requestApi'],
		sections: {extensions: ['value', 'last']},
		freeText: ['createdDescription'],
		pathVariables: [],
		classFiles: {controller: {to: 'app/Controller/api/<%& className %>.php', names: 'Controller\\api\\<className>, the class its route names'}},
	},
	web: {
		names: nameVariables,
		command: 'make:controller',
		roles: ['controller', 'view'],
		options: {},
		takesMethods: true,
		variables: [...nameVariables, 'view', 'titleBlock'],
		sections: {},
		freeText: [],
		pathVariables: [],
		classFiles: {controller: {to: 'app/Controller/<%& className %>.php', names: 'Controller\\<className>, the class its route names'}},
	},
	command: {
		names: commandNameVariables,
		command: 'make:command',
		roles: ['command'],
		options: {},
		takesMethods: false,
		variables: [...commandNameVariables],
		sections: {},
		freeText: [],
		pathVariables: [],
		classFiles: {command: {to: 'app/Command/<%& className %>.php', names: 'Command\\<className>, the class commands.yaml names'}},
	},
};

export const engineNames = Object.keys(engines) as EngineName[];
