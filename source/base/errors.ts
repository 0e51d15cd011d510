// Refusal codes, the seed's exact messages and the one error type, defined once.
// Core code returns refusals as values; commands throw them as EduError; main renders them.

export type RefusalCode =
	| 'ROUTE_EXISTS'
	| 'CONTROLLER_EXISTS'
	| 'VIEW_EXISTS'
	| 'URI_TAKEN'
	| 'INVALID_NAME'
	| 'INVALID_URI'
	| 'INVALID_METHODS'
	| 'INVALID_OPTION'
	| 'BAD_PROJECT_FILE'
	| 'NOT_A_PROJECT'
	| 'OUTSIDE_PROJECT'
	| 'OUTPUT_IS_INPUT' | 'OUTPUT_EXISTS'
	| 'OUTPUT_LOST'
	| 'PROJECT_CHANGED'
	| 'WRITE_FAILED'
	| 'MISSING_ARGUMENT'
	| 'ROUTE_PROBLEMS'
	| 'COMMAND_EXISTS' | 'FRAMEWORK_TOO_OLD'
	| 'PHP_MISSING' | 'PHP_TOO_OLD' | 'PORT_IN_USE' | 'NO_DOCROOT' | 'SERVER_FAILED' | 'NO_COMPOSE_FILE' | 'NO_MOCK_SERVICE' | 'VOLUME_CONFLICT' | 'DOCKER_UNAVAILABLE' | 'MOCK_UNREACHABLE' | 'MOCK_FAILED' | 'MOCK_NO_DATA' | 'TOKEN_EXISTS'
	| 'USAGE'
	| 'UNKNOWN_COMMAND'
	| 'UNKNOWN_OPTION'
	| 'NOTHING_TO_UNDO' | 'EDITED_SINCE'
	| 'INTERNAL';

/** Where a collision is, for the line under its message: the file, the route's line, the way out. */
export interface RefusalPlace {
	/** The file it is about, relative to the project root. */
	readonly file: string;
	/** The line of routes.yaml, for a route. */
	readonly line?: number;
	/** The way out, in words. */
	readonly hint: string;
	/** --force would replace the file: said as a flag to pass on a command line, or to run with from a wizard. */
	readonly force?: true;
}

export interface Refusal {
	readonly code: RefusalCode;
	readonly message: string;
	/** For a collision with what the project has: where it is. */
	readonly place?: RefusalPlace;
	/** About the chosen template (broken, or making PHP that does not parse): choosing another is a way out. */
	readonly template?: true;
}

export const messages = {
	routeExists: 'Route already exists.',
	controllerExists: 'Controller already exists.',
	viewExists: 'View already exists.',
	missingName: 'Not enough arguments (missing: "controller-name")',
} as const;

/** `routes.yaml:12: the route … ` or `app/…/VilleController.php: delete it …`: the line under the seed's message. */
export function placeLine(place: RefusalPlace, asked = false): string {
	return `${place.file}${place.line === undefined ? '' : `:${place.line}`}: ${placeHint(place, asked)}.`;
}

/** The way out in words, --force included where it would replace the file (`asked`: from a wizard or a prompt, which takes no flag). */
export function placeHint(place: RefusalPlace, asked = false): string {
	return place.force === true ? `${place.hint}, or ${asked ? 'quit and run the command again with --force' : 'pass --force'} to replace it` : place.hint;
}

export function refusal(code: RefusalCode, message: string, place?: RefusalPlace): Refusal {
	return place === undefined ? {code, message} : {code, message, place};
}

/** The one test for "is this a refusal rather than a result": every refusal has a known code and a message. */
export function isRefusal(value: unknown): value is Refusal {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
		&& typeof (value as {code?: unknown}).code === 'string' && typeof (value as {message?: unknown}).message === 'string';
}

/** Codes that mean "the command line is wrong" (exit 2); every other refusal is about the project or the world (exit 1). */
const usageCodes: ReadonlySet<RefusalCode> = new Set<RefusalCode>([
	'USAGE', 'MISSING_ARGUMENT', 'UNKNOWN_COMMAND', 'UNKNOWN_OPTION', 'INVALID_OPTION', 'INVALID_METHODS', 'INVALID_URI',
]);

export function exitCodeFor(code: RefusalCode): 1 | 2 {
	return usageCodes.has(code) ? 2 : 1;
}

export interface ErrorExtras {
	/** Fields added to the --json error report, e.g. {errors: […]} or {steps: […]}. */
	readonly details?: Readonly<Record<string, unknown>>;
	/** Printed as `Warning: …` lines on stderr before the message in text mode (warnings found before the refusal). */
	readonly notes?: readonly string[];
}

/** An expected failure: printed as one line (or one JSON object), never with a stack trace. */
export class EduError extends Error {
	readonly code: RefusalCode;
	readonly exitCode: number;
	readonly details: Readonly<Record<string, unknown>>;
	readonly notes: readonly string[];

	constructor(code: RefusalCode, message: string, exitCode: number = exitCodeFor(code), extras: ErrorExtras = {}) {
		super(message);
		this.name = 'EduError';
		this.code = code;
		this.exitCode = exitCode;
		this.details = extras.details ?? {};
		this.notes = extras.notes ?? [];
	}

	/** The refusal's message, and the line that places it (file:line and the way out) under it, as its --json fields too. */
	static from(refused: Refusal, extras: ErrorExtras = {}): EduError {
		if (refused.place === undefined) return new EduError(refused.code, refused.message, exitCodeFor(refused.code), extras);
		return new EduError(refused.code, `${refused.message}\n${placeLine(refused.place)}`, exitCodeFor(refused.code), {...extras, details: {...refused.place, ...extras.details}});
	}
}

export class UsageError extends EduError {
	constructor(message: string, code: RefusalCode = 'USAGE', extras: ErrorExtras = {}) {
		super(code, message, 2, extras);
		this.name = 'UsageError';
	}
}
