// What a run made and could not remove (a temp file, a lock, a folder) or could not restore:
// always named, with the command that removes it, so nothing is left behind without a word.

export interface Leftover {
	/** As the user sees it: relative to the project root, a folder ending in /. */
	readonly shown: string;
	/** Why it is left: the error code, or what could not be done. */
	readonly reason: string;
	/** Absolute path the command removes; absent when there is nothing to remove (a file not restored). */
	readonly remove?: string;
	readonly folder?: boolean;
}

export function errorReason(error: unknown): string {
	return (error as NodeJS.ErrnoException).code ?? (error as Error).message ?? String(error);
}

/** A path as one POSIX shell word. */
export function shellWord(value: string): string {
	return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

/** `could not remove a (EIO), b/ (EBUSY): remove them by hand: rm -f -- /abs/a && rmdir -- /abs/b` (no "Could", so it reads inside a sentence). */
export function byHand(leftovers: readonly Leftover[]): string {
	const names = leftovers.map((left) => `${left.shown} (${left.reason})`).join(', ');
	const files = leftovers.filter((left) => left.remove !== undefined && !left.folder).map((left) => shellWord(left.remove!));
	const folders = leftovers.filter((left) => left.remove !== undefined && left.folder).map((left) => shellWord(left.remove!));
	const commands = [...(files.length > 0 ? [`rm -f -- ${files.join(' ')}`] : []), ...(folders.length > 0 ? [`rmdir -- ${folders.join(' ')}`] : [])];
	return `could not remove ${names}: remove ${leftovers.length === 1 ? 'it' : 'them'} by hand${commands.length > 0 ? `: ${commands.join(' && ')}` : ''}`;
}
