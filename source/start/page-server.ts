// Where the documentation page's "Try it out" sends its calls, as edu start checks it: the
// specification's first server, when it names one.
import {readFileSync} from 'node:fs';
import {parse} from 'yaml';

/**
 * The first server the page's specification names, when it is not this one: Swagger UI sends
 * "Try it out" there. Undefined when it names none (the page then calls the server it came from).
 */
export function pageServerElsewhere(specification: string, host: string, port: number): string | undefined {
	let url: unknown;
	try {
		url = (parse(readFileSync(specification, 'utf8')) as {servers?: Array<{url?: unknown}>} | null)?.servers?.[0]?.url;
	} catch {
		return undefined;
	}
	if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return undefined;
	const named = new URL(url);
	const here = ['0.0.0.0', '::'].includes(host) ? 'localhost' : host;
	const samePort = (named.port || (named.protocol === 'https:' ? '443' : '80')) === String(port);
	const sameHost = named.hostname.replace(/^\[|\]$/g, '') === here;
	return samePort && sameHost ? undefined : url;
}
