// `docker compose down && docker compose up -d`, run for --restart. Checks first that docker,
// its compose plugin and a running engine are there, so a missing one is a clear sentence
// before anything is written or stopped.
import {EduError} from '../base/errors.js';
import type {Io} from '../base/io.js';

const installHelp = 'install Docker Desktop (https://docs.docker.com/get-docker/) or, on Linux, Docker Engine with its compose plugin';

interface Ran {
	readonly exitCode?: number;
	readonly missing: boolean;
	readonly output: string;
}

async function run(args: readonly string[], cwd: string, io: Io): Promise<Ran> {
	const {execa} = await import('execa');
	const result = await execa('docker', args, {cwd, env: io.env, extendEnv: false, reject: false, stdin: 'ignore', all: true, timeout: 60_000});
	const missing = (result as {code?: string}).code === 'ENOENT';
	return {exitCode: result.exitCode, missing, output: String(result.all ?? '')};
}

function firstLine(output: string): string {
	return output.split(/\r?\n/).map((line) => line.trim()).find((line) => line !== '') ?? '';
}

/** Throws DOCKER_UNAVAILABLE with what to do when docker compose cannot run here. */
export async function checkDocker(cwd: string, io: Io): Promise<void> {
	const compose = await run(['compose', 'version'], cwd, io);
	if (compose.missing) throw new EduError('DOCKER_UNAVAILABLE', `Docker is not installed (no docker command on PATH): ${installHelp}.`);
	if (compose.exitCode !== 0) {
		throw new EduError('DOCKER_UNAVAILABLE', `Docker Compose is not available ("docker compose version" failed: ${firstLine(compose.output) || `exit code ${compose.exitCode}`}): ${installHelp}.`);
	}
	const engine = await run(['info', '--format', '{{.ServerVersion}}'], cwd, io);
	if (engine.exitCode !== 0) {
		const said = firstLine(engine.output);
		throw new EduError('DOCKER_UNAVAILABLE', `Docker is installed but its engine is not running${said ? ` (${said})` : ''}: start Docker Desktop, or on Linux "sudo systemctl start docker", then run the command again.`);
	}
}

/** Runs each command in turn, streaming its output; stops at the first failure. */
export async function restartCompose(composeArgs: readonly string[], cwd: string, io: Io): Promise<void> {
	const {execa} = await import('execa');
	for (const step of [['down'], ['up', '-d']]) {
		const args = [...composeArgs, ...step];
		io.stdout.write(`$ docker ${args.join(' ')}\n`);
		const child = execa('docker', args, {cwd, env: io.env, extendEnv: false, reject: false, stdin: 'ignore'});
		child.stdout?.on('data', (chunk: Buffer) => io.stdout.write(chunk.toString()));
		child.stderr?.on('data', (chunk: Buffer) => io.stderr.write(chunk.toString()));
		const result = await child;
		if (result.exitCode !== 0) {
			throw new EduError('DOCKER_UNAVAILABLE', `"docker ${args.join(' ')}" failed${result.exitCode === undefined ? '' : ` with exit code ${result.exitCode}`}; its output is above.`);
		}
	}
}
