// Renders nothing; paces the key feed. Each key handed to Ink also bumps this component's
// state, in the same task as the key's handlers, so React renders both in one pass; this
// component's effect runs after the effects of the wizard's screens (it is their last
// sibling), which is when the next key may go: the screens of that render are listening.
import {useEffect, useLayoutEffect, useRef, useState} from 'react';
import {useStdin} from 'ink';
import {installKeyFeed, type KeySource} from './key-feed.js';

/** `held`: keys wait (none is lost) until it turns false: the wizard has not read the project yet. */
export function KeyPump({held = false}: {readonly held?: boolean}) {
	const {stdin} = useStdin();
	const [keys, setKeys] = useState(0);
	const feed = useRef<ReturnType<typeof installKeyFeed>>(undefined);
	const heldAtStart = useRef(held);
	// A layout effect: in place before Ink's own input listener (a passive effect) first reads.
	useLayoutEffect(() => {
		const installed = installKeyFeed(stdin as unknown as KeySource, () => setKeys((count) => count + 1), heldAtStart.current);
		feed.current = installed;
		return () => installed.close();
	}, [stdin]);
	useEffect(() => {
		if (!held) feed.current?.settled();
	}, [keys, held]);
	return null;
}
