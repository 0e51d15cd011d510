// The words each database the resource template targets refuses as an unquoted column or table name.
// MariaDB's and SQLite's were read from the servers themselves (test/e2e/resource-names.test.ts holds
// them to it); MySQL 8.0's are the manual's reserved words, which no server here can check.

/** MariaDB 10.11: the keywords its parser refuses in the statements the controllers run. */
const mariadb = `accessible add all alter analyze and as asc asensitive before between bigint binary blob both by call cascade
case change char character check collate column condition constraint continue convert create cross
current_date current_role current_time current_timestamp current_user cursor databases day_hour
day_microsecond day_minute day_second dec decimal declare default delayed delete delete_domain_id desc
describe deterministic distinct distinctrow div do_domain_ids double drop dual each else elseif enclosed
escaped except exists exit explain false fetch float float4 float8 for force foreign from fulltext grant group
having high_priority hour_microsecond hour_minute hour_second if ignore ignore_domain_ids in index infile
inner inout insensitive insert int int1 int2 int3 int4 int8 integer intersect interval into is iterate join
key keys kill leading leave left like limit linear lines load localtime localtimestamp lock long longblob
longtext loop low_priority master_demote_to_replica master_demote_to_slave master_ssl_verify_server_cert match
maxvalue mediumblob mediumint mediumtext middleint minute_microsecond minute_second mod modifies natural
no_write_to_binlog not null numeric offset on optimize optionally or order out outer outfile over
page_checksum parse_vcol_expr partition portion precision primary procedure purge range read read_write reads
real recursive ref_system_id references regexp release rename repeat replace require resignal restrict return
returning revoke right rlike row_number rows schemas second_microsecond select sensitive separator set show
signal smallint spatial specific sql sql_big_result sql_calc_found_rows sql_small_result sqlexception sqlstate
sqlwarning ssl starting stats_auto_recalc stats_persistent stats_sample_pages straight_join table terminated
then tinyblob tinyint tinytext to trailing trigger true undo union unique unlock unsigned update usage use
using utc_date utc_time utc_timestamp value values varbinary varchar varcharacter varying when where while
with write xor year_month zerofill`;

/** MySQL 8.0 (the skeleton's compose.yaml runs mysql:8.0): the manual's reserved words. */
const mysql = `_filename accessible add all alter analyze and as asc asensitive before between bigint binary blob both by
call cascade case change char character check collate column condition constraint continue convert create
cross cube cume_dist current_date current_time current_timestamp current_user cursor database databases
day_hour day_microsecond day_minute day_second dec decimal declare default delayed delete dense_rank desc
describe deterministic distinct distinctrow div double drop dual each else elseif empty enclosed escaped
except exists exit explain false fetch first_value float float4 float8 for force foreign from fulltext
function generated get grant group grouping groups having high_priority hour_microsecond hour_minute
hour_second if ignore in index infile inner inout insensitive insert int int1 int2 int3 int4 int8 integer
intersect interval into io_after_gtids io_before_gtids is iterate join json_table key keys kill lag last_value
lateral lead leading leave left like limit linear lines load localtime localtimestamp lock long longblob
longtext loop low_priority master_bind master_ssl_verify_server_cert match maxvalue mediumblob mediumint
mediumtext middleint minute_microsecond minute_second mod modifies natural no_write_to_binlog not nth_value
ntile null numeric of on optimize optimizer_costs option optionally or order out outer outfile over partition
percent_rank precision primary procedure purge range rank read read_write reads real recursive references
regexp release rename repeat replace require resignal restrict return revoke right rlike row row_number rows
schema schemas second_microsecond select sensitive separator set show signal smallint spatial specific sql
sql_big_result sql_calc_found_rows sql_small_result sqlexception sqlstate sqlwarning ssl starting stored
straight_join system table terminated then tinyblob tinyint tinytext to trailing trigger true undo union
unique unlock unsigned update usage use using utc_date utc_time utc_timestamp values varbinary varchar
varcharacter varying virtual when where while window with write xor year_month zerofill`;

/** SQLite: the keywords it refuses in the same statements. */
const sqlite = `add all alter and as autoincrement between case check collate commit constraint create default deferrable
delete distinct drop else escape except exists foreign from group having if in index insert intersect into is
isnull join limit not nothing notnull null on or order primary raise references returning select set table
then to union unique update using values when where`;

let byWord: ReadonlyMap<string, readonly string[]> | undefined;

/** The databases (MariaDB, MySQL 8, SQLite) that reserve `name`, ignoring case; empty when none does. */
export function reservedBy(name: string): readonly string[] {
	if (byWord === undefined) {
		const map = new Map<string, string[]>();
		for (const [database, words] of [['MariaDB', mariadb], ['MySQL 8', mysql], ['SQLite', sqlite]] as const) {
			for (const word of words.split(/\s+/)) map.set(word, [...(map.get(word) ?? []), database]);
		}
		byWord = map;
	}
	return byWord.get(name.toLowerCase()) ?? [];
}
