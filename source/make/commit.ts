// Commits a make:* plan through a sink: the controllers, views and openapi.php first, routes.yaml
// last (the commit point), under the lock on routes.yaml. If routes.yaml changed since the
// snapshot, the plan is made again from a fresh snapshot under the lock; the whole new
// routes.yaml is re-parsed and compared with the intended routes before anything is written.
import {EduError, type Refusal} from '../base/errors.js';
import type {Changeset, Sink, SinkMode, WriteOptions} from '../sink/file-change.js';
import {plan as makePlan, type FileChange, type Plan} from './plan.js';
import {readSnapshot, type Snapshot} from './snapshot.js';
import {verifyAppended} from '../project/routes-yaml/append.js';
import {verifyReplaced} from '../project/routes-yaml/entry-text.js';
import {routesPath} from '../project/routes-yaml/routes.js';
import {confinementRefusal, fileSystemSink} from '../sink/fs.js';

export {confinementProblem} from '../project/confinement.js';

export interface CommitResult {
	/** The plan that was written (or would be): the one given, or a fresh one if the project changed meanwhile. */
	readonly plan: Plan;
	/** The sink's mode: `dry-run` when nothing was written. */
	readonly mode: SinkMode;
	/** Worth telling the user (e.g. an earlier killed run's leftovers were removed first). */
	readonly notes: readonly string[];
}

/** Controllers and views first, routes.yaml last: an interruption never leaves a route without its controller. */
function ordered(changes: readonly FileChange[]): FileChange[] {
	return [...changes].sort((a, b) => Number(a.path === routesPath) - Number(b.path === routesPath));
}

/** The plan's changes as a changeset, or why it must not be written. */
function changesetOf(planned: Plan, snapshot: Snapshot, revisable: boolean): Changeset<Plan> | Refusal {
	const [refused] = planned.refusals;
	if (refused) return refused;
	// The whole new routes.yaml, re-parsed: old routes unchanged, new ones as intended.
	const routesChange = planned.changes.find((change) => change.path === routesPath);
	if (routesChange) {
		const replaced = planned.replacedRoutes ?? [];
		const problem = replaced.length === 0
			? verifyAppended(snapshot.routes, routesChange.after, planned.routes)
			: verifyReplaced(snapshot.routes, routesChange.after, planned.routes.filter((route) => replaced.includes(route.name)), planned.routes.filter((route) => !replaced.includes(route.name)));
		if (problem) return problem;
	}
	return {
		root: snapshot.root,
		changes: ordered(planned.changes),
		lock: routesPath,
		value: planned,
		label: labelOf(planned),
		...(revisable ? {
			revise() {
				// Another run wrote since the snapshot: plan again against the project as it is now.
				const fresh = readSnapshot(snapshot.root);
				if ('code' in fresh) return fresh;
				return changesetOf(makePlan(planned.request, fresh), fresh, false);
			},
		} : {}),
	};
}

/** The run as its record names it: `make:api ville --template resource --force`. */
function labelOf({request}: Plan): string {
	const words = [request.kind === 'api' ? 'make:api' : 'make:controller', request.name];
	if (request.template !== undefined && request.template !== (request.kind === 'api' ? 'default' : 'web')) words.push('--template', request.template);
	if (request.force === true) words.push('--force');
	return words.join(' ');
}

/**
 * What writing a plan that refuses nothing would still refuse before writing a byte, as --dry-run
 * says it (a path that leads out of the project through a link, a routes.yaml that would not read
 * back as intended): for the wizard's review, before Enter.
 */
export function foreseenRefusal(planned: Plan, snapshot: Snapshot): Refusal | undefined {
	if (planned.refusals.length > 0) return undefined;
	const changeset = changesetOf(planned, snapshot, false);
	return 'code' in changeset ? changeset : confinementRefusal(changeset);
}

export async function commit(planned: Plan, snapshot: Snapshot, sink: Sink = fileSystemSink(), during?: WriteOptions): Promise<CommitResult> {
	const changeset = changesetOf(planned, snapshot, true);
	if ('code' in changeset) throw EduError.from(changeset);
	const written = await sink.write(changeset, during);
	return {plan: written.value, mode: written.mode, notes: written.notes};
}
