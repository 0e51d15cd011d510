// Every relative link of the readme, CONTRIBUTING.md and docs/ leads to a file of the repository,
// and every #anchor to a heading of its page, as a reader on the forge would follow them.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const pages = [
	'readme.md',
	'CONTRIBUTING.md',
	...readdirSync(path.join(root, 'docs')).filter(name => name.endsWith('.md')).map(name => `docs/${name}`),
];

/** The anchor a forge gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
	return heading.trim().toLowerCase().replaceAll(/[^\p{L}\p{N}\s_-]/gu, '').replaceAll(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
	const text = readFileSync(file, 'utf8').replaceAll(/^```[\s\S]*?^```/gm, '');
	return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(match => slug(match[1]!)));
}

function linksOf(text: string): string[] {
	const outsideCode = text.replaceAll(/^```[\s\S]*?^```/gm, '').replaceAll(/`[^`\n]*`/g, '');
	return [...outsideCode.matchAll(/\]\(([^)\s]+)\)/g)].map(match => match[1]!)
		.filter(target => !/^[a-z]+:/i.test(target));
}

describe('documentation links', () => {
	it.each(pages)('%s: every relative link resolves', page => {
		const file = path.join(root, page);
		const broken: string[] = [];
		for (const link of linksOf(readFileSync(file, 'utf8'))) {
			const [target = '', anchor] = link.split('#');
			const destination = target === '' ? file : path.resolve(path.dirname(file), target);
			if (!existsSync(destination)) {
				broken.push(`${link} (no such file)`);
			} else if (anchor !== undefined && destination.endsWith('.md') && !anchorsOf(destination).has(anchor)) {
				broken.push(`${link} (no such heading)`);
			}
		}

		expect(broken).toEqual([]);
	});
});
