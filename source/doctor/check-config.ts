// edu check:config: the original `php bin/edu check:config`, same checks and same French
// wording: the PHP version against the framework's minimum (OK/KO) and PHP_BINARY, then
// pdo_mysql, mbstring, openssl and json, with where a missing one's file is and the line
// that enables it.
import {fail, ok, type CheckResult} from './check.js';
import {enableLine} from './php-checks.js';
import type {PhpProbe} from './php-probe.js';
import {phpSatisfies} from './php-checks.js';

export const configExtensions = ['pdo_mysql', 'mbstring', 'openssl', 'json'] as const;

function table(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
	const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]!.length)));
	const rule = `+${widths.map((width) => '-'.repeat(width + 2)).join('+')}+`;
	const line = (cells: readonly string[]): string => `|${cells.map((cell, column) => ` ${cell.padEnd(widths[column]!)} `).join('|')}|`;
	return [rule, line(headers), rule, ...rows.map(line), rule];
}

export interface ConfigReport {
	readonly text: string;
	readonly json: object;
	readonly results: readonly CheckResult[];
}

export function checkConfig(probe: PhpProbe, minimum: string): ConfigReport | undefined {
	if (!('info' in probe)) return undefined;
	const {info} = probe;
	const versionOk = phpSatisfies(info.version, `>=${minimum}`) === true;
	const lines = ['Check des prérequis', '', 'Environment PHP : ', ...table(['CHECK', 'SERVICE', 'VERSION'], [[versionOk ? 'OK' : 'KO', 'PHP', info.version], ['INFO', 'PHP', info.binary]]), '', 'Extension check : '];
	const results: CheckResult[] = [versionOk ? ok('php', `PHP ${info.version} >= ${minimum}`) : fail('php', `PHP ${info.version} < ${minimum}`, `install PHP ${minimum} or newer`)];
	for (const name of configExtensions) {
		if (info.extensions[name]?.loaded) {
			lines.push(`  [*] ${name.toUpperCase()} PHP extension est installée.`);
			results.push(ok(`ext-${name}`, `${name} loaded`));
			continue;
		}
		lines.push(`  [X] ${name.toUpperCase()} PHP extension est recommandée.`);
		const enable = enableLine(info, name);
		if (enable) {
			lines.push(`L'extension existe dans : ${info.extensions[name]!.file}`);
			lines.push(info.scanDir !== ''
				? `\nActiver l'extension dans le fichier de configuration : ${enable.where}\ndécocher la ligne suivante :\n${enable.line}`
				: `\nPour l'activer, éditez votre fichier de configuration php.ini et ajoutez la ligne :\n${enable.line}`);
		}
		results.push(fail(`ext-${name}`, `${name} not loaded`, enable ? `add "${enable.line}" to ${enable.where}` : `install the ${name} extension`));
	}
	return {
		text: `${lines.join('\n')}\n`,
		results,
		json: {
			php: {version: info.version, minimum, ok: versionOk, binary: info.binary},
			extensions: configExtensions.map((name) => ({name, loaded: Boolean(info.extensions[name]?.loaded), file: info.extensions[name]?.file ?? null, enable: enableLine(info, name) ?? null})),
		},
	};
}
