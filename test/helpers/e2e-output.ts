// Waits on what a run prints, or on a server going away, through their own events: no polling.
import {connect} from 'node:net';
import type {Readable} from 'node:stream';
import {StringDecoder} from 'node:string_decoder';

interface Waiter {
	readonly check: (text: string) => boolean;
	readonly what: string;
	readonly resolve: (text: string) => void;
	readonly reject: (error: Error) => void;
}

/** The text written so far to one stream (a child's stdout, or an in-process io's), and waits on it. */
export class Output {
	#text = '';
	#ended = false;
	#waiters: Waiter[] = [];

	get text(): string {
		return this.#text;
	}

	/** A writer for an in-process Io: `{write: output.write}`. */
	readonly write = (chunk: string): boolean => {
		this.#text += chunk;
		for (const waiter of [...this.#waiters]) {
			if (waiter.check(this.#text)) {
				this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
				waiter.resolve(this.#text);
			}
		}
		return true;
	};

	/** No more text will come: every wait still pending fails, with what was written. */
	end(): void {
		this.#ended = true;
		for (const waiter of this.#waiters.splice(0)) waiter.reject(new Error(`the output ended before ${waiter.what}: ${JSON.stringify(this.#text)}`));
	}

	/** Resolves with the text once `check` holds on it; rejects if the output ends first. */
	async until(check: (text: string) => boolean, what: string): Promise<string> {
		if (check(this.#text)) return this.#text;
		if (this.#ended) throw new Error(`the output ended before ${what}: ${JSON.stringify(this.#text)}`);
		return new Promise((resolve, reject) => {
			this.#waiters.push({check, what, resolve, reject});
		});
	}
}

/** Follows a child process's stream; its end (the child exited) fails the waits still pending. */
export function watchStream(stream: Readable | null | undefined): Output {
	const output = new Output();
	if (!stream) {
		output.end();
		return output;
	}
	const decoder = new StringDecoder('utf8');
	stream.on('data', (chunk: Buffer) => output.write(decoder.write(chunk)));
	stream.once('close', () => output.end());
	return output;
}

/**
 * An idle connection to the server on 127.0.0.1:port, open once this resolves; `closed` resolves
 * when the server's process is gone (its socket closed), whoever stopped it.
 */
export async function holdConnection(port: number): Promise<{closed: Promise<void>}> {
	const socket = connect(port, '127.0.0.1');
	const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
	await new Promise<void>((resolve, reject) => {
		socket.once('connect', resolve);
		socket.once('error', reject);
	});
	socket.on('error', () => {
		// A reset when the server dies is the close waited for.
	});
	return {closed};
}
