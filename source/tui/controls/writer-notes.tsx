// What the writer had to tell after a write (a killed run undone first, a leftover to remove by
// hand, a copy kept by --force), on a done screen: the CLI's `Warning:` lines.
import {Text} from 'ink';
import {Toned} from './theme.js';

export function WriterNotes({notes}: {notes: readonly string[]}) {
	return <>{notes.map((note) => <Text key={note} wrap="wrap"><Toned tone="warning">{`! ${note}`}</Toned></Text>)}</>;
}
