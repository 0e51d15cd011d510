// Is host:port free? Checked before starting `php -S`, whose own message is unclear.
import {createServer} from 'node:net';
import {EduError} from '../core/errors.js';

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

/** Throws PORT_IN_USE (or a clear refusal) when the server could not listen on host:port. */
export async function checkPortFree(host: string, port: number): Promise<void> {
	const hosts = probeHosts(host);
	for (const address of hosts) {
		const error = await probeOne(address, port);
		if (error === undefined) continue;
		// ::1 missing (IPv6 off) only matters when it was the only choice.
		if (hosts.length > 1 && (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT')) continue;
		if (error.code === 'EADDRINUSE') {
			throw new EduError('PORT_IN_USE', `Port ${port} is already in use on ${host}: stop the program using it, or pick another port, e.g. edu start --port ${port === 65535 ? port - 1 : port + 1}.`);
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
