// The project's own console commands (app/Config/commands.yaml, where make:command registers
// them): `edu hello` runs `php bin/edu hello` as the framework's console would, and `edu list`
// names them, so edu does what php bin/edu does for them too.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {EduError, isRefusal} from '../base/errors.js';
import {findProjectRoot} from './root.js';
import type {Io} from '../base/io.js';
import {phpPackages} from '../php/runtime.js';
import {commandsPath, parseCommands} from './commands-yaml.js';
import {readPhpFile} from '../php/php-file.js';
import type {PhpNode} from '../php/php-parser.js';

export interface ProjectCommand {
	readonly name: string;
	/** The class commands.yaml names. */
	readonly className: string;
	/** 1-based line in commands.yaml. */
	readonly line: number;
}

/** The commands app/Config/commands.yaml registers in the project at or above `start`; none when it cannot be read. */
export function projectCommands(start: string): {root: string; commands: ProjectCommand[]} | undefined {
	const root = findProjectRoot(start);
	if (isRefusal(root)) return undefined;
	let text: string;
	try {
		text = readFileSync(path.join(root, commandsPath), 'utf8');
	} catch {
		return undefined;
	}
	const file = parseCommands(text);
	if (isRefusal(file)) return undefined;
	return {root, commands: [...file.entries].map(([name, className]) => ({name, className, line: file.lines.get(name) ?? 1}))};
}

/**
 * The description the #[AsCommand] of class `Command\Name` (app/Command/Name.php) gives as a
 * literal string, as php bin/edu list shows it: read for edu list only (it parses the PHP).
 */
export function describedBy(root: string, className: string): string | undefined {
	const short = /^\\?Command\\(\w+)$/.exec(className)?.[1];
	if (short === undefined) return undefined;
	const file = path.join(root, 'app', 'Command', `${short}.php`);
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch {
		return undefined;
	}
	const facts = readPhpFile(text, file);
	if ('kind' in facts) return undefined;
	const attribute = facts.classes.find((found) => found.name.endsWith(short))?.attributes.find((each) => each.className.replace(/^\\/, '') === 'Symfony\\Component\\Console\\Attribute\\AsCommand');
	const named = attribute?.args.find((arg) => arg.kind === 'namedargument' && arg['name'] === 'description');
	const value = (named === undefined ? attribute?.args[1] : named['value']) as PhpNode | undefined;
	return value?.kind === 'string' && typeof value['value'] === 'string' ? value['value'] : undefined;
}

/** The options edu reads itself, which php bin/edu does not take: `--cwd DIR`, `--cwd=DIR`. */
function withoutCwd(args: readonly string[]): string[] {
	const kept: string[] = [];
	for (let index = 0; index < args.length; index++) {
		const arg = args[index]!;
		if (arg === '--cwd') index++;
		else if (!arg.startsWith('--cwd=')) kept.push(arg);
	}
	return kept;
}

/** --ansi or --no-ansi, which edu took out of the line (as FORCE_COLOR or NO_COLOR): handed on. */
function ansiOf(env: Io['env']): string[] {
	if ((env['NO_COLOR'] ?? '') !== '') return ['--no-ansi'];
	const forced = env['FORCE_COLOR'] ?? '';
	return forced !== '' && forced !== '0' ? ['--ansi'] : [];
}

/**
 * Runs `php bin/edu <args>` at the project root for a command of the project's, its output on
 * edu's streams and its exit code edu's; a stop signal ends it.
 */
export async function runProjectCommand(root: string, command: ProjectCommand, args: readonly string[], io: Io): Promise<number> {
	const where = `${command.name} is a command of this project (${commandsPath}:${command.line}), run by php bin/edu`;
	if (!existsSync(path.join(root, 'bin', 'edu'))) {
		throw new EduError('NOT_A_PROJECT', `${where}, and this project has no bin/edu: run "composer install" at ${root}, or copy bin/edu from the framework's skeleton.`);
	}
	const {execa} = await import('execa');
	// In a terminal its output goes there itself, so Symfony colours it as php bin/edu does.
	const stdout = io.stdout.isTTY === true ? 'inherit' : 'pipe';
	const stderr = io.stderr.isTTY === true ? 'inherit' : 'pipe';
	const child = execa('php', ['bin/edu', ...withoutCwd(args), ...ansiOf(io.env)], {cwd: root, env: io.env, extendEnv: false, reject: false, stdin: 'inherit', stdout, stderr, forceKillAfterDelay: 3000});
	child.stdout?.on('data', (chunk: Buffer) => io.stdout.write(chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => io.stderr.write(chunk.toString()));
	const unsubscribe = io.onSignal?.((signal) => child.kill(signal)) ?? (() => {});
	try {
		const result = await child;
		if ((result as {code?: string}).code === 'ENOENT') throw new EduError('PHP_MISSING', `${where}: PHP is not installed (no php command on PATH): install it: ${phpPackages}.`);
		if (result.signal === 'SIGINT') return 130;
		if (result.signal === 'SIGTERM') return 143;
		return result.exitCode ?? 1;
	} finally {
		unsubscribe();
	}
}
