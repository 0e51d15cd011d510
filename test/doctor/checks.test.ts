// The pure parts of doctor: composer's PHP constraints read as version ranges, and Node's
// version against what edu supports (package.json's engines).
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {extensionsFor, phpSatisfies} from '../../source/doctor/php-checks.js';
import {nodeCheck, supportedNode} from '../../source/doctor/project-checks.js';
import {repoRoot} from '../helpers/temp-project.js';

describe('composer.json\'s "php" requirement', () => {
	it.each([
		['8.2.36', '>=8.2', true],
		['8.1.2', '>=8.2', false],
		['8.2.36', '^8.1', true],
		['9.0.0', '^8.1', false],
		['8.2.0', '^8.0|^8.1', true],
		['8.2.0', '^7.4 || ^8.2', true],
		['8.3.1', '8.2.*', false],
		['8.3.1', '>=8.1,<8.4', true],
		['8.4.0', '>=8.1 <8.4', false],
		['8.2.36', '>=8.2@stable', true],
	])('PHP %s against "%s": %s', (version, constraint, expected) => {
		expect(phpSatisfies(version, constraint)).toBe(expected);
	});

	it('says so when the constraint is not a version range', () => {
		expect(phpSatisfies('8.2.0', 'whatever')).toBeNull();
	});
});

describe('the extensions DB_TYPE needs', () => {
	it.each([
		['mysql', 'pdo_mysql'],
		['mariadb', 'pdo_mysql'],
		['sqlite', 'pdo_sqlite'],
	])('%s → %s, mbstring, openssl, json', (type, driver) => {
		expect(extensionsFor(type)).toEqual([driver, 'mbstring', 'openssl', 'json']);
	});

	it('pgsql: no driver asked for (the framework has none for it, and the database check says so)', () => {
		expect(extensionsFor('pgsql')).toEqual(['mbstring', 'openssl', 'json']);
	});
});

describe('Node', () => {
	it('supports what package.json\'s engines says', () => {
		const engines = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {engines: {node: string}}).engines;
		expect(supportedNode).toBe(engines.node);
	});

	it.each([['20.5.0', 'ok'], ['24.1.0', 'ok'], ['26.10.0', 'ok'], ['23.11.0', 'fail'], ['20.4.9', 'fail'], ['18.19.0', 'fail']])('Node %s: %s', (version, status) => {
		expect(nodeCheck(version).status).toBe(status);
	});
});
