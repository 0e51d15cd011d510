// The bench's floor: the smallest Ink app (one <Text>), built by scripts/bundle.js --floor beside
// the same bin and ui.js as edu, so the wizard's first frame is compared with what Ink itself costs.
// Ctrl+C (a signal: this app does not read keys) unmounts it, so it ends as the wizard does.
import process from 'node:process';
import {render, Text} from 'ink';

const app = render(<Text>edu floor</Text>);
process.once('SIGINT', () => {
	app.unmount();
});
