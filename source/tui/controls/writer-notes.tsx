// What the writer had to tell after a write (a killed run undone first, a leftover to remove by
// hand, a copy kept by --force), on a done screen: the CLI's `Warning:` lines.
import {Clipped} from './clipped.js';

export function WriterNotes({notes}: {notes: readonly string[]}) {
	return <Clipped lines={notes.map((note) => ({text: `! ${note}`, tone: 'warning'}))} />;
}
