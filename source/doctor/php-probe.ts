// Everything doctor and check:config ask PHP, in one `php` run each: its version and binary, the
// extensions it loads, and where a missing extension's file is (as the original check:config
// looks for it). The database probe connects with PDO through PHP itself, as the framework does.
import {EduError} from '../base/errors.js';
import {signalExitCodes} from '../base/io.js';
import {firstLine, runBounded, type BoundedOptions} from '../php/bounded-child.js';

export interface ExtensionInfo {
	readonly loaded: boolean;
	/** The extension's .so/.dll when it is on disk. */
	readonly file: string | null;
}

export interface PhpInfo {
	readonly version: string;
	readonly binary: string;
	readonly scanDir: string;
	readonly ini: string | false;
	readonly extensions: Readonly<Record<string, ExtensionInfo>>;
}

export type PhpProbe = {readonly info: PhpInfo} | {readonly problem: 'missing' | 'broken'; readonly detail: string};

// The extension's file where the original looks: the extension dir, then ext/ beside the binary.
const infoScript = `
$out = ['version' => PHP_VERSION, 'binary' => PHP_BINARY, 'scanDir' => (string) (getenv('PHP_INI_SCAN_DIR') === false ? PHP_CONFIG_FILE_SCAN_DIR : (explode(PATH_SEPARATOR, getenv('PHP_INI_SCAN_DIR'))[0] ?: PHP_CONFIG_FILE_SCAN_DIR)), 'ini' => php_ini_loaded_file(), 'extensions' => []];
foreach (array_slice($argv, 1) as $name) {
	$file = DIRECTORY_SEPARATOR === '\\\\' ? 'php_' . $name . '.dll' : $name . '.so';
	$found = null;
	foreach ([PHP_EXTENSION_DIR, dirname(PHP_BINARY) . DIRECTORY_SEPARATOR . 'ext'] as $dir) {
		if (is_file($dir . DIRECTORY_SEPARATOR . $file)) { $found = $dir . DIRECTORY_SEPARATOR . $file; break; }
	}
	$out['extensions'][$name] = ['loaded' => extension_loaded($name), 'file' => $found];
}
echo json_encode($out);
`;

/** Connects as the framework's DatabaseMysql does (the values come from the environment, not the code); a server that accepts but never greets is cut by the read timeout. */
const databaseScript = `
try {
	$db = new PDO('mysql:host=' . getenv('EDU_DB_HOST') . ';port=' . getenv('EDU_DB_PORT') . ';dbname=' . getenv('EDU_DB_NAME'), getenv('EDU_DB_USER'), getenv('EDU_DB_PASSWORD'), [PDO::ATTR_TIMEOUT => 1, PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION, PDO::ATTR_PERSISTENT => false]);
	$missing = [];
	foreach (array_filter(explode(',', (string) getenv('EDU_DB_TABLES'))) as $table) {
		try { $db->query('SELECT 1 FROM ' . $table . ' LIMIT 0'); } catch (PDOException $e) { if ($e->getCode() === '42S02') { $missing[] = $table; } }
	}
	echo json_encode(['ok' => true, 'missing' => $missing]);
} catch (Throwable $e) {
	echo json_encode(['ok' => false, 'message' => $e->getMessage()]);
}
`;

/** Opens the SQLite file read-only (nothing created, nothing changed) and says which of the tables it lacks. */
const sqliteScript = `
try {
	$options = [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION];
	if (defined('PDO::SQLITE_ATTR_OPEN_FLAGS')) { $options[PDO::SQLITE_ATTR_OPEN_FLAGS] = PDO::SQLITE_OPEN_READONLY; }
	$db = new PDO('sqlite:' . getenv('EDU_DB_FILE'), null, null, $options);
	$query = $db->prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
	$missing = [];
	foreach (array_filter(explode(',', (string) getenv('EDU_DB_TABLES'))) as $table) {
		$query->execute([$table]);
		if ($query->fetchColumn() === false) { $missing[] = $table; }
	}
	echo json_encode(['ok' => true, 'missing' => $missing]);
} catch (Throwable $e) {
	echo json_encode(['ok' => false, 'message' => $e->getMessage()]);
}
`;

type Env = Readonly<Record<string, string | undefined>>;

type OnSignal = BoundedOptions['onSignal'];

async function runPhp(script: string, args: readonly string[], env: Env, cwd: string, timeout: number, settings: readonly string[] = [], onSignal?: OnSignal): Promise<{json: unknown} | {problem: 'missing' | 'broken'; detail: string}> {
	const result = await runBounded('php', [...settings, '-r', script, ...args], {env, cwd, timeout, ...(onSignal === undefined ? {} : {onSignal})});
	if (result.stopped !== undefined) throw new EduError('SERVER_FAILED', `Interrupted (${result.stopped}) while asking php; nothing was changed.`, signalExitCodes[result.stopped]);
	if (result.missing) return {problem: 'missing', detail: 'no php command on PATH'};
	if (result.timedOut) return {problem: 'broken', detail: `php gave no answer within ${timeout} ms, so it was stopped`};
	try {
		return {json: JSON.parse(result.stdout)};
	} catch {
		return {problem: 'broken', detail: firstLine(`${result.stderr}\n${result.stdout}`) || `php exited with ${result.exitCode}`};
	}
}

export async function probePhp(extensions: readonly string[], env: Env, cwd: string, timeout = 2000, onSignal?: OnSignal): Promise<PhpProbe> {
	const run = await runPhp(infoScript, extensions, env, cwd, timeout, [], onSignal);
	return 'problem' in run ? run : {info: run.json as PhpInfo};
}

export interface MysqlTarget {
	readonly host: string;
	readonly port: string;
	readonly name: string;
	readonly user: string;
	readonly password: string;
}

/** Connects, then says which of `tables` (plain identifiers) the database lacks. */
export async function probeMysql(target: MysqlTarget, env: Env, cwd: string, tables: readonly string[] = [], timeout = 2000, onSignal?: OnSignal): Promise<{ok: true; missing: string[]} | {ok: false; message: string}> {
	const run = await runPhp(databaseScript, [], {
		...env,
		EDU_DB_HOST: target.host,
		EDU_DB_PORT: target.port,
		EDU_DB_NAME: target.name,
		EDU_DB_USER: target.user,
		EDU_DB_PASSWORD: target.password,
		EDU_DB_TABLES: tables.join(','),
	}, cwd, timeout, ['-d', 'mysqlnd.net_read_timeout=1'], onSignal);
	if ('problem' in run) return {ok: false, message: run.detail};
	return run.json as {ok: true; missing: string[]} | {ok: false; message: string};
}

/** Which of `tables` the SQLite database `file` lacks, read through PHP's pdo_sqlite as the framework opens it. */
export async function probeSqlite(file: string, env: Env, cwd: string, tables: readonly string[], timeout = 2000, onSignal?: OnSignal): Promise<{ok: true; missing: string[]} | {ok: false; message: string}> {
	const run = await runPhp(sqliteScript, [], {...env, EDU_DB_FILE: file, EDU_DB_TABLES: tables.join(',')}, cwd, timeout, [], onSignal);
	if ('problem' in run) return {ok: false, message: run.detail};
	return run.json as {ok: true; missing: string[]} | {ok: false; message: string};
}
