// The parsed compose file as compose-volume.ts reads it and compose-insert.ts edits it.
import type {Document, LineCounter, Node} from 'yaml';

export interface ComposeService {
	readonly name: string;
	readonly image?: string;
	readonly containerName?: string;
	readonly node: Node | null;
}

export interface ComposeModel {
	readonly file: string;
	readonly text: string;
	readonly document: Document.Parsed;
	readonly counter: LineCounter;
	readonly services: readonly ComposeService[];
}
