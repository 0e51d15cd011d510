// make:api and make:controller once the request is complete: snapshot → plan → dry-run report
// or commit. Loaded only when a command runs, so --help and --version load no YAML.
import {EduError, type Refusal} from '../core/errors.js';
import {fileLines, jsonFailure, jsonSuccess, routesDiff, successLine, summaryLines} from '../core/describe-plan.js';
import {plan as makePlan} from '../core/plan.js';
import {findProjectRoot} from '../core/project-root.js';
import {readSnapshot} from '../core/project.js';
import type {MakeRequest} from '../core/request.js';
import type {Io} from '../io.js';
import type {MakeOptions} from './make.js';
import {startFolder, writeJson} from './options.js';

function refuse(first: Refusal): never {
	throw EduError.from(first);
}

export async function generate(request: MakeRequest, options: MakeOptions, io: Io): Promise<number> {
	const root = findProjectRoot(startFolder(io, options));
	if (typeof root !== 'string') refuse(root);
	const snapshot = readSnapshot(root);
	if ('code' in snapshot) refuse(snapshot);
	const planned = makePlan(request, snapshot);

	if (!options.json) {
		for (const warning of planned.warnings) io.stderr.write(`Warning: ${warning}\n`);
	}
	const [firstRefusal] = planned.refusals;
	if (firstRefusal) {
		if (options.json) {
			writeJson(io, jsonFailure(firstRefusal, planned.warnings));
			return EduError.from(firstRefusal).exitCode;
		}
		refuse(firstRefusal);
	}

	const {commit} = await import('../core/commit.js');
	const {sinkFor} = await import('../core/sink.js');
	const written = await commit(planned, snapshot, sinkFor({...options, onSignal: io.onSignal}));
	for (const note of written.notes) io.stderr.write(`Warning: ${note}\n`);
	if (options.json) {
		writeJson(io, jsonSuccess(written.plan, written.dryRun));
	} else if (written.dryRun) {
		io.stdout.write([
			...summaryLines(written.plan),
			'Dry run: nothing was written. The run would:',
			...fileLines(written.plan.changes),
			'',
			...routesDiff(written.plan),
			'',
		].join('\n'));
	} else {
		io.stdout.write(`${[...summaryLines(written.plan), successLine(written.plan)].join('\n')}\n`);
	}
	return 0;
}
