#!/usr/bin/env node
// docs/media/wizard.svg: the real wizard, recorded. Runs the built `edu make:api` in a private
// tmux (80×24) on a copy of fixtures/sample, types as a user would, captures each screen with its
// colours, and writes the frames as one animated SVG (each frame shown in turn, the last one held).
//   npm run build && node scripts/wizard-picture.js [out.svg]
import {execFileSync} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'dist', 'bin', 'edu.js');
const out = path.resolve(process.argv[2] ?? path.join(repo, 'docs', 'media', 'wizard.svg'));
const columns = 80;
const rows = 24;

/** What the recording types, and how long the screen after it is shown (seconds). */
const script = [
	{keys: [], hold: 1.2},
	{keys: ['V', 'i', 'l', 'l', 'e'], hold: 2.2, typed: true},
	{keys: ['Enter'], hold: 2},
	{keys: ['Enter'], hold: 2.2},
	{keys: ['Enter'], hold: 3.5},
	{keys: ['Enter'], hold: 4.5},
];

const work = mkdtempSync(path.join(tmpdir(), 'edu-picture-'));
const socket = path.join(work, 'socket');
const project = path.join(work, 'ville-app');
cpSync(path.join(repo, 'fixtures', 'sample'), project, {recursive: true});

const tmux = (...args) => execFileSync('tmux', ['-u', '-S', socket, '-f', '/dev/null', ...args], {encoding: 'utf8'});
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const screen = () => tmux('capture-pane', '-p', '-e', '-t', 'picture');

/** Waits until the screen stops changing (the wizard has drawn what the last key asked for). */
function settled() {
	let last = '';
	for (let tries = 0; tries < 100; tries++) {
		sleep(120);
		const now = screen();
		if (now === last && now.trim() !== '') return now;
		last = now;
	}
	throw new Error('the wizard did not settle within 12 s');
}

// ---------------------------------------------------------------- ANSI screens to SVG

const palette = ['#1e1e1e', '#e06c75', '#98c379', '#e5c07b', '#61afef', '#c678dd', '#56b6c2', '#dcdfe4',
	'#5c6370', '#ff7b86', '#b5e890', '#ffd68a', '#8cc8ff', '#e5a5ff', '#7fd7e0', '#ffffff'];
const foreground = '#dcdfe4';
const background = '#1e1e1e';

function color256(n) {
	if (n < 16) return palette[n];
	if (n >= 232) {
		const level = 8 + ((n - 232) * 10);
		return `rgb(${level},${level},${level})`;
	}

	const index = n - 16;
	const step = (v) => (v === 0 ? 0 : 55 + (v * 40));
	return `rgb(${step(Math.floor(index / 36))},${step(Math.floor(index / 6) % 6)},${step(index % 6)})`;
}

/** One screen's lines as runs of text with their style. */
function parse(text) {
	return text.split('\n').slice(0, rows).map((line) => {
		const runs = [];
		let style = {fg: undefined, bg: undefined, bold: false, dim: false, inverse: false};
		let column = 0;
		for (const part of line.split(/(\u001B\[[\d;]*m)/)) {
			const sgr = /^\u001B\[([\d;]*)m$/.exec(part);
			if (sgr) {
				style = applySgr(style, sgr[1] === '' ? [0] : sgr[1].split(';').map(Number));
				continue;
			}

			if (part === '') continue;
			runs.push({text: part, column, ...style});
			column += [...part].length;
		}

		return runs;
	});
}

function applySgr(previous, codes) {
	const style = {...previous};
	for (let i = 0; i < codes.length; i++) {
		const code = codes[i];
		if (code === 0) Object.assign(style, {fg: undefined, bg: undefined, bold: false, dim: false, inverse: false});
		else if (code === 1) style.bold = true;
		else if (code === 2) style.dim = true;
		else if (code === 22) Object.assign(style, {bold: false, dim: false});
		else if (code === 7) style.inverse = true;
		else if (code === 27) style.inverse = false;
		else if (code >= 30 && code <= 37) style.fg = palette[code - 30];
		else if (code >= 90 && code <= 97) style.fg = palette[code - 90 + 8];
		else if (code === 39) style.fg = undefined;
		else if (code >= 40 && code <= 47) style.bg = palette[code - 40];
		else if (code >= 100 && code <= 107) style.bg = palette[code - 100 + 8];
		else if (code === 49) style.bg = undefined;
		else if ((code === 38 || code === 48) && codes[i + 1] === 5) {
			style[code === 38 ? 'fg' : 'bg'] = color256(codes[i + 2]);
			i += 2;
		} else if ((code === 38 || code === 48) && codes[i + 1] === 2) {
			style[code === 38 ? 'fg' : 'bg'] = `rgb(${codes[i + 2]},${codes[i + 3]},${codes[i + 4]})`;
			i += 4;
		}
	}

	return style;
}

const escapeXml = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function toSvg(recorded) {
	const cell = {width: 8.4, height: 18};
	const pad = 14;
	const width = Math.ceil((columns * cell.width) + (pad * 2));
	const height = Math.ceil((rows * cell.height) + (pad * 2) + 22);
	const total = recorded.reduce((sum, frame) => sum + frame.hold, 0);
	let start = 0;
	const groups = recorded.map((frame, index) => {
		const from = (start / total) * 100;
		start += frame.hold;
		const to = (start / total) * 100;
		const keyframes = `@keyframes f${index}{0%,${from.toFixed(3)}%{visibility:hidden}${from.toFixed(3)}%,${to.toFixed(3)}%{visibility:visible}${to.toFixed(3)}%,100%{visibility:hidden}}`;
		const body = [];
		parse(frame.text).forEach((runs, row) => {
			const y = pad + 22 + (row * cell.height);
			for (const run of runs) {
				const fg = run.inverse ? (run.bg ?? background) : (run.fg ?? foreground);
				const bg = run.inverse ? (run.fg ?? foreground) : run.bg;
				const x = pad + (run.column * cell.width);
				const length = [...run.text].length;
				if (bg) body.push(`<rect x="${x.toFixed(1)}" y="${y}" width="${(length * cell.width).toFixed(1)}" height="${cell.height}" fill="${bg}"/>`);
				if (run.text.trim() === '') continue;
				const weight = run.bold ? ' font-weight="bold"' : '';
				const opacity = run.dim ? ' opacity="0.6"' : '';
				body.push(`<text x="${x.toFixed(1)}" y="${y + 13}" fill="${fg}"${weight}${opacity} textLength="${(length * cell.width).toFixed(1)}" lengthAdjust="spacingAndGlyphs">${escapeXml(run.text)}</text>`);
			}
		});
		return {keyframes, group: `<g class="f${index}" style="animation:f${index} ${total}s steps(1,end) infinite">${body.join('')}</g>`};
	});
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="The edu wizard generating an API controller">`,
		`<style>${groups.map((g) => g.keyframes).join('')} text{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:14px;white-space:pre}</style>`,
		`<rect width="${width}" height="${height}" rx="8" fill="${background}"/>`,
		'<circle cx="20" cy="16" r="5" fill="#ff5f56"/><circle cx="38" cy="16" r="5" fill="#ffbd2e"/><circle cx="56" cy="16" r="5" fill="#27c93f"/>',
		...groups.map((g) => g.group),
		'</svg>',
		'',
	].join('\n');
}

// ---------------------------------------------------------------- recording

const frames = [];
try {
	const env = ['env', '-u', 'CI', '-u', 'CONTINUOUS_INTEGRATION', 'TERM=xterm-256color', 'FORCE_COLOR=1'];
	tmux('new-session', '-d', '-s', 'picture', '-x', String(columns), '-y', String(rows), '-c', project,
		[...env, process.execPath, bin, 'make:api'].join(' ') + '; exec sleep 60');
	for (const step of script) {
		for (const key of step.keys) {
			tmux('send-keys', '-t', 'picture', key);
			if (step.typed) {
				sleep(90);
				frames.push({text: settledQuick(), hold: 0.15});
			}
		}

		frames.push({text: settled(), hold: step.hold});
	}
} finally {
	try {
		tmux('kill-server');
	} catch {
		// Already gone.
	}

	rmSync(work, {recursive: true, force: true});
}

function settledQuick() {
	sleep(60);
	return screen();
}

mkdirSync(path.dirname(out), {recursive: true});
writeFileSync(out, toSvg(frames));
process.stdout.write(`${path.relative(process.cwd(), out)}: ${frames.length} frames of the real wizard\n`);
