// Refusal codes and the seed's exact messages, defined once.
// Core code returns refusals as values; edges turn them into exit codes.

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
	| 'PROJECT_CHANGED'
	| 'WRITE_FAILED'
	| 'MISSING_ARGUMENT'
	| 'PHP_MISSING' | 'PHP_TOO_OLD' | 'PORT_IN_USE' | 'NO_DOCROOT' | 'SERVER_FAILED' | 'NO_COMPOSE_FILE' | 'NO_MOCK_SERVICE' | 'VOLUME_CONFLICT' | 'DOCKER_UNAVAILABLE' | 'MOCK_UNREACHABLE' | 'MOCK_FAILED' | 'TOKEN_EXISTS'
	| 'USAGE';

export interface Refusal {
	readonly code: RefusalCode;
	readonly message: string;
}

export const messages = {
	routeExists: 'Route already exists.',
	controllerExists: 'Controller already exists.',
	viewExists: 'View already exists.',
	missingName: 'Not enough arguments (missing: "controller-name")',
} as const;

export function refusal(code: RefusalCode, message: string): Refusal {
	return {code, message};
}

/** An expected failure: printed as one line, never with a stack trace. */
export class EduError extends Error {
	readonly code: RefusalCode;
	readonly exitCode: 1 | 2;

	constructor(code: RefusalCode, message: string, exitCode: 1 | 2 = 1) {
		super(message);
		this.name = 'EduError';
		this.code = code;
		this.exitCode = exitCode;
	}

	static from(refused: Refusal): EduError {
		return new EduError(refused.code, refused.message, exitCodeFor(refused.code));
	}
}

export class UsageError extends EduError {
	constructor(message: string, code: RefusalCode = 'USAGE') {
		super(code, message, 2);
		this.name = 'UsageError';
	}
}

export function exitCodeFor(code: RefusalCode): 1 | 2 {
	return code === 'MISSING_ARGUMENT' || code === 'USAGE' ? 2 : 1;
}
