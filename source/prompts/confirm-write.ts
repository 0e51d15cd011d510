// The last question of --plain, "Write these files? (Y/n)": Enter or y/yes writes, n/no does not,
// and anything else asks again. Inquirer's confirm reads any other answer as its default (Yes),
// so a typo ("baz", "ni") would write.
import {input} from '@inquirer/prompts';

type Context = Parameters<typeof input>[1];

const yes = /^\s*(?:y|yes)?\s*$/i;
const no = /^\s*(?:n|no)\s*$/i;

export async function confirmWrite(message: string, context: Context): Promise<boolean> {
	const answer = await input({
		message: `${message} (Y/n)`,
		validate: (value) => yes.test(value) || no.test(value) || 'Please answer y or n.',
		transformer: (value, {isFinal}) => (isFinal ? (no.test(value) ? 'No' : 'Yes') : value),
	}, context);
	return !no.test(answer);
}
