// Requests to a server a test started on loopback: the answer's status, content type, text, and
// the text parsed as JSON when it is JSON.
export interface Answer {
	readonly status: number;
	readonly type: string;
	readonly text: string;
	readonly json: unknown;
}

export interface Body {
	readonly body?: string | Buffer;
	readonly contentType?: string;
}

export async function request(base: string, method: string, uri: string, init: Body = {}): Promise<Answer> {
	const response = await fetch(`${base}${uri}`, {
		method,
		headers: init.contentType === undefined ? {} : {'Content-Type': init.contentType},
		body: init.body,
	});
	const text = await response.text();
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return {status: response.status, type: response.headers.get('content-type') ?? '', text, json};
}

/** Form fields as an HTML form posts them. */
export const form = (fields: Record<string, string>): Body => ({body: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded'});
