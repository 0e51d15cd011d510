// Is host:port free? Checked before starting `php -S`, whose own message is unclear.
import {createServer} from 'node:net';
import {EduError} from '../base/errors.js';

/** The addresses `php -S host:port` may bind: localhost can be either loopback. */
function probeHosts(host: string): string[] {
	return host === 'localhost' ? ['127.0.0.1', '::1'] : [host];
}

function probeOne(host: string, port: number): Promise<NodeJS.ErrnoException | undefined> {
	return new Promise((resolve) => {
		const server = createServer();
		server.once('error', (error: NodeJS.ErrnoException) => resolve(error));
		server.listen({host, port, exclusive: true}, () => server.close(() => resolve(undefined)));
	});
}

/** Whether the server could listen on host:port, on every address localhost may be. */
async function isFree(host: string, port: number): Promise<boolean> {
	for (const address of probeHosts(host)) {
		const error = await probeOne(address, port);
		if (error !== undefined && !(probeHosts(host).length > 1 && (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT'))) return false;
	}
	return true;
}

/** The first free port after `port` (a few are tried), so the one suggested works; the next one when none is. */
async function nextFreePort(host: string, port: number): Promise<number> {
	const step = port >= 65_535 - 20 ? -1 : 1;
	for (let candidate = port + step, tries = 0; tries < 20; candidate += step, tries++) {
		if (await isFree(host, candidate)) return candidate;
	}
	return port + step;
}

/** Throws PORT_IN_USE (or a clear refusal) when the server could not listen on host:port. */
export async function checkPortFree(host: string, port: number): Promise<void> {
	const hosts = probeHosts(host);
	for (const address of hosts) {
		const error = await probeOne(address, port);
		if (error === undefined) continue;
		// ::1 missing (IPv6 off) only matters when it was the only choice.
		if (hosts.length > 1 && (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT')) continue;
		if (error.code === 'EADDRINUSE') {
			throw new EduError('PORT_IN_USE', `Port ${port} is already in use on ${host}: stop the program using it, or pick another port, e.g. edu start --port ${await nextFreePort(host, port)}.`);
		}
		if (error.code === 'EACCES') {
			throw new EduError('PORT_IN_USE', `Port ${port} on ${host} needs administrator rights: pick a port above 1023, e.g. edu start --port 8042.`);
		}
		if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN' || error.code === 'EADDRNOTAVAIL') {
			throw new EduError('INVALID_OPTION', `Cannot listen on host "${host}" (${error.code}): use localhost, 127.0.0.1, or an address of this computer.`);
		}
		throw new EduError('PORT_IN_USE', `Cannot listen on ${host}:${port}: ${error.message}.`);
	}
}
