// edu mock:persist: find the compose file and the mock API service, add the ./var/api volume,
// create var/api/ and var/api/sqlite/ (the mock's database folder, which the volume hides), and
// print (or with --restart run) the restart command.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {EduError, UsageError} from '../base/errors.js';
import {withNotes, type Io, type Outcome} from '../base/io.js';
import {startFolder, waitNotice} from '../base/options.js';
import type {PersistOptions} from './options.js';
import {modeReport, sinkFor} from '../sink/sink.js';
import {composeArgs, findComposeFile, mockServiceShape, restartCommand} from './compose-file.js';
import {checkTarget, hostFolder, mockCandidates, planVolume, readCompose, type ComposeModel} from './compose-volume.js';
import {databaseFile, databaseFolder} from './init.js';
import {confined, eduRootOf, readProjectText} from './project-files.js';
import {tokenFile} from './token-store.js';
import {posixPath} from '../base/posix-path.js';
import {realPath} from '../base/real-path.js';

async function chooseService(model: ComposeModel, options: PersistOptions, io: Io): Promise<string> {
	if (options.service !== undefined) return options.service;
	const candidates = mockCandidates(model);
	const describe = (name: string): string => {
		const service = model.services.find((candidate) => candidate.name === name);
		return `${name}${service?.image ? ` (image ${service.image})` : service?.containerName ? ` (container ${service.containerName})` : ''}`;
	};
	const [only] = candidates;
	if (candidates.length === 1 && only) return only.name;
	if (candidates.length === 0) {
		const names = model.services.map((service) => service.name).join(', ') || 'none';
		throw new EduError('NO_MOCK_SERVICE', `${model.file}: no mock API service (no service whose image or container_name contains "mock"; services: ${names}). Add it first (a service with ${mockServiceShape}), or pass --service NAME if one of these is the mock under another image.`);
	}
	if (!io.interactive || options.yes || options.json) {
		throw new EduError('NO_MOCK_SERVICE', `${model.file}: several services look like the mock API: ${candidates.map((service) => describe(service.name)).join(', ')}. Pass --service NAME.`);
	}
	const {select} = await import('@inquirer/prompts');
	try {
		return await select(
			{message: `Which service of ${model.file} is the mock API?`, choices: candidates.map((service) => ({value: service.name, name: describe(service.name)}))},
			{input: io.stdin, output: io.stdout as unknown as NodeJS.WritableStream},
		);
	} catch (error) {
		if (error instanceof Error && error.name === 'ExitPromptError') throw new EduError('USAGE', 'Cancelled: nothing was written.', 1);
		throw error;
	}
}

export async function runPersist(options: PersistOptions, io: Io): Promise<Outcome> {
	if (options.target !== undefined) {
		const problem = checkTarget(options.target);
		if (problem) throw new UsageError(problem, 'INVALID_OPTION');
	}
	const start = startFolder(io, options);
	// Inside an Edu Framework project, nothing above its root is looked at or written.
	const eduRoot = eduRootOf(start);
	const compose = findComposeFile(start, options.compose, eduRoot);
	const project = {root: eduRoot ?? compose.dir};
	const shown = posixPath(path.relative(start, compose.path)) || path.basename(compose.path);
	// A symlinked compose file: its target is read and updated, never replaced by a copy.
	const composeFile = confined(project, compose.path, shown);
	const read = readProjectText(composeFile, shown);
	if (read === undefined) throw new EduError('NO_COMPOSE_FILE', `${shown}: no such compose file.`);
	const {text} = read;
	const model = readCompose(text, shown);
	const service = await chooseService(model, options, io);
	const plan = planVolume(model, service, options.target);
	// Pasted where the user is, which --cwd does not change.
	const command = restartCommand(compose, io.cwd);
	const folder = path.join(compose.dir, ...hostFolder.slice(2).split('/'));
	const folderShown = `${posixPath(path.relative(start, folder))}/`;
	confined(project, folder, folderShown);
	const folders = [folder, path.join(folder, databaseFolder)];
	const missing = folders.filter((each) => !existsSync(each)).map((each) => `${posixPath(path.relative(start, each))}/`);

	// One changeset: the folder, and the compose file if it changes (only if it still holds what
	// was read; a symlinked one is updated at its target). A dry run hands it to a sink that writes nothing.
	const sink = sinkFor({...options, onWait: waitNotice(io, options, false), ...(io.onSignal ? {onSignal: io.onSignal} : {}), ...(io.commitBegan ? {commitBegan: io.commitBegan} : {})});
	if (options.restart && sink.mode === 'write') {
		const {checkDocker} = await import('./docker.js');
		await checkDocker(compose.dir, io);
	}
	const createdFolder = missing.length > 0;
	const root = realPath(project.root);
	const relative = (absolute: string): string => posixPath(path.relative(root, absolute));
	const written = await sink.write({
		root,
		changes: plan.changed ? [{path: relative(composeFile), action: 'modify', before: text, after: plan.text, mode: read.mode}] : [],
		folders: folders.map(relative),
		lock: relative(composeFile),
		value: undefined,
		label: 'mock:persist',
	});
	if (written.mode === 'dry-run') {
		const create = missing.length > 0 ? `create ${missing.join(' and ')}` : undefined;
		return {
			json: {composeFile: shown, service, volume: plan.volume, changed: plan.changed, added: plan.changed ? plan.added : [], ...modeReport(written.mode), restartCommand: command},
			text: plan.changed
				? [`Dry run: nothing was written. The run would add to ${shown}, service "${service}":`, ...plan.added.map((line) => `+ ${line}`), ...(create ? [`and ${create}.`] : []), ''].join('\n')
				: create
					? `Dry run: nothing was written. ${shown}: service "${service}" already mounts ${plan.volume}; the run would ${create}.\n`
					: `${shown}: service "${service}" already mounts ${plan.volume}; nothing to change.\n`,
		};
	}

	const summary = [
		plan.changed
			? `${shown}: added the volume ${plan.volume} to service "${service}".`
			: `${shown}: service "${service}" already mounts ${plan.volume}${createdFolder ? '' : '; nothing to change'}.`,
		...(createdFolder ? [`Created ${missing.join(' and ')}: the mock API keeps its tokens in ${tokenFile} and its database in ${databaseFile}.`] : []),
		...(options.restart ? [] : [
			plan.changed ? 'Restart the mock API to use it:' : 'If the mock API was started before the volume was there, restart it:',
			`  ${command}`,
			'then create its database: edu mock:init',
		]),
		'',
	].join('\n');
	const json = withNotes({composeFile: shown, service, volume: plan.volume, changed: plan.changed, added: plan.changed ? plan.added : [], createdFolder, ...modeReport(written.mode), restartCommand: command, restarted: Boolean(options.restart)}, written.notes);
	// What the writer could not clean up, named with the command that removes it.
	const warnings = written.notes;
	if (!options.restart) return {json, text: summary, warnings};
	// What was written is said before Docker's own output, which streams while it restarts.
	if (!options.json) io.stdout.write(summary);
	const {restartCompose} = await import('./docker.js');
	await restartCompose(composeArgs(compose), compose.dir, options.json ? {...io, stdout: io.stderr} : io);
	return {json, text: 'Mock API restarted. Next: edu mock:init\n', warnings};
}
