using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Json;

/// <summary>
/// The table-valued json_each and json_tree against SQLite: every column (key, value, type, atom, id, parent,
/// fullkey, path and the hidden json and root) for nested documents, paths, odd keys and scalars, and the functions
/// joined, correlated, filtered, sorted, grouped and aggregated, in subqueries, CTEs, views and triggers.
/// </summary>
public sealed class JsonTableDifferentialTests
{
    private const string Setup = """
        CREATE TABLE t(id INTEGER PRIMARY KEY, doc TEXT, tags TEXT);
        INSERT INTO t VALUES (1, '{"a":[1,2.5,"x\"y"],"b c":{"d":null,"_e":true,"é":false},"":[],"1a":{}}', '["red","green"]');
        INSERT INTO t VALUES (2, '[1,[2,[3,[4]]],{"k":{"l":[5,6]}}]', '["blue"]');
        INSERT INTO t VALUES (3, '  { "x" : 12345678901234567890123 , "y" : -0 , "z" : 1E+5, "w": "\u00e9\n" } ', '[]');
        INSERT INTO t VALUES (4, '7', NULL);
        INSERT INTO t VALUES (5, '"str"', '["red","red","x"]');
        INSERT INTO t VALUES (6, NULL, '["x",1,2.0,null,true]');
        INSERT INTO t VALUES (7, '[]', '["green","red"]');
        INSERT INTO t VALUES (8, '{"a\"b":1,"a.b":2,"ab1":3,"a b":4,"\u0061":5,"a":{"b":[10,20]}}', '["x"]');
        """;

    private static readonly string[] s_queries =
    [
        // Every column, json_each and json_tree, over each document.
        "SELECT t.id, j.* FROM t, json_each(t.doc) AS j ORDER BY t.id, j.id",
        "SELECT t.id, j.* FROM t, json_tree(t.doc) AS j ORDER BY t.id, j.id",
        "SELECT t.id, j.json, j.root FROM t, json_each(t.doc) j ORDER BY t.id, j.id",
        "SELECT t.id, j.json, j.root, j.key FROM t, json_tree(t.doc, '$') j ORDER BY t.id, j.id",
        "SELECT * FROM json_each('[1,2,3]')",
        "SELECT * FROM json_each('{\"a\":1,\"a\":2}')",
        "SELECT *, json, root FROM json_tree('{\"a\":[[1,[2]],{\"b\":{\"c\":3}}]}')",
        "SELECT * FROM json_each('5')",
        "SELECT * FROM json_tree('5')",
        "SELECT * FROM json_each('null')",
        "SELECT * FROM json_each('\"abc\"')",
        "SELECT * FROM json_each('[]')",
        "SELECT * FROM json_each('{}')",
        "SELECT * FROM json_tree('[]')",
        "SELECT * FROM json_tree('{}')",
        "SELECT * FROM json_each(123)",
        "SELECT * FROM json_each(1.5)",
        "SELECT json FROM json_each(15)",
        "SELECT * FROM json_each(NULL)",
        "SELECT * FROM json_each('[1]', NULL)",
        "SELECT * FROM json_each()",
        "SELECT typeof(value), typeof(atom), value, atom FROM json_each('[1,2.0,\"a\",[1],{\"x\":1},null,true,false,-0.0,1e400]')",
        "SELECT * FROM json_each(' [ 1 , 12345678901234567890123, -0, 1e5, 1E+5, 0.5, \"\\u00e9\", \"a\\nb\" , \"\\\"\\\\\\/\"] ')",
        "SELECT id FROM json_each('[\"" + "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\",1]')",
        "SELECT id, parent FROM json_tree('[[1,2,3,4,5,6,7,8,9,10,11,12,13]]')",
        "SELECT id, parent FROM json_tree('[                                         [1,2], 3 ]')",
        "SELECT * FROM json_tree('{\"a\\\"b\":1, \"a.b\":2, \"ab1\":3, \"a b\":4, \"\\u0061\":[1], \"_x\":5, \"X9\":6, \"9X\":7}')",
        "SELECT value FROM json_each('{\"a\\u0020b\":[1], \"c\":{\"d\\\"\":\"\\u00e9\"}}')",

        // Paths.
        "SELECT * FROM json_each('{\"a\":{\"b\":[10,20]}}', '$.a.b')",
        "SELECT * FROM json_each('{\"a\":{\"b\":[10,20]}}', '$.a')",
        "SELECT * FROM json_each('{\"a\":{\"b\":[10,20]}}', '$.a.b[1]')",
        "SELECT * FROM json_each('{\"a\":{\"b\":[10,20]}}', '$.a.b[#-2]')",
        "SELECT * FROM json_each('{\"a\":{\"b\":[10,20]}}', '$.\"a\".b')",
        "SELECT * FROM json_each('{\"a\":{\"b\":[10,20]}}', '$.zz')",
        "SELECT * FROM json_each('{\"a\":{\"b\":[10,20]}}', '$.a.b[2]')",
        "SELECT * FROM json_each('{\"a\":{\"b\":[10,20]}}', '$.a.b[#]')",
        "SELECT * FROM json_each('{\"a\":{\"b\":[10,20]}}', '$[0]')",
        "SELECT * FROM json_each('{\"a\":5}', '$.a')",
        "SELECT * FROM json_each('{\"a\":1}', '$')",
        "SELECT * FROM json_each('[[1]]', '$[0]')",
        "SELECT * FROM json_each('{\"a b\":[1]}', '$.a b')",
        "SELECT *, root FROM json_tree('{\"a\":{\"b\":[10,20]}}', '$.a')",
        "SELECT * FROM json_tree('{\"a\":{\"b\":[10,20]}}', '$.a.b')",
        "SELECT * FROM json_tree('{\"a\":{\"b\":[10,20]}}', '$.a.b[1]')",
        "SELECT * FROM json_tree('{\"a\":{\"b\":[10,20]}}', '$.a.b[0]')",
        "SELECT * FROM json_tree('{\"a\":{\"b\":[10,20]}}', '$.a.b[#-2]')",
        "SELECT * FROM json_tree('{\"a\":{\"b\":[10,20]}}', '$.\"a\"')",
        "SELECT * FROM json_tree('{\"x\":0,\"a\":{\"y\":1,\"b\":[10,20]}}', '$.a.b')",
        "SELECT * FROM json_tree('{\"x\":0,\"a\":{\"y\":1,\"b\":[10,20]}}', '$.a.y')",
        "SELECT * FROM json_tree('{\"a\":5}', '$.a')",
        "SELECT * FROM json_tree('[[1]]', '$[0]')",
        "SELECT * FROM json_tree('[0,[1]]', '$[1]')",
        "SELECT t.id, j.* FROM t, json_tree(t.doc, '$.a') j ORDER BY t.id, j.id",
        "SELECT t.id, j.* FROM t, json_each(t.doc, '$[1]') j ORDER BY t.id, j.id",
        "SELECT t.id, j.* FROM t, json_tree(t.doc, '$.\"a\\\"b\"') j ORDER BY t.id, j.id",
        "SELECT * FROM json_tree('{\"a\\\"b\":[1],\"tab\\t\":2,\"\\u0061x\":3}', '$.\"a\\\"b\"')",
        "SELECT * FROM json_each('{\"a\\\"b\":[1],\"tab\\t\":2,\"\\u0061x\":3}', '$.\"tab\\t\"')",
        "SELECT * FROM json_each('{\"a\\\"b\":[1],\"tab\\t\":2,\"\\u0061x\":3}', '$.\"ax\"')",
        "SELECT * FROM json_each('{\"a\\\"b\":[1],\"tab\\t\":2,\"ax\":3}', '$.\"\\u0061x\"')",
        "SELECT json_extract('{\"a\\\"b\":1,\"ab\":2}', '$.\"a\\\"b\"'), json_extract('{\"ab\":2}', '$.\"a\\u0062\"'), json_extract('{\"a\\nb\":3}', '$.\"a\\nb\"')",

        // Joined and correlated.
        "SELECT t.id, j.key FROM t LEFT JOIN json_each(t.doc) AS j ORDER BY t.id, j.id",
        "SELECT t.id, j.key FROM t JOIN json_each(t.doc) AS j ON j.value = 2 ORDER BY t.id",
        "SELECT t.id, j.key FROM t JOIN json_each(t.tags) j ON j.value = 'red' ORDER BY t.id, j.key",
        "SELECT t.id, json_each.value FROM t, json_each(t.tags) ORDER BY t.id, json_each.id",
        "SELECT t.id, value FROM t, json_each(t.tags) WHERE json_each.value = 'x' ORDER BY t.id",
        "SELECT count(*) FROM t, json_each(t.tags) WHERE json_each.value = 'x'",
        "SELECT id FROM t WHERE EXISTS (SELECT 1 FROM json_each(t.tags) WHERE value = 'red') ORDER BY id",
        "SELECT id FROM t WHERE NOT EXISTS (SELECT 1 FROM json_each(t.tags) WHERE value = 'red') ORDER BY id",
        "SELECT id FROM t WHERE 'green' IN (SELECT value FROM json_each(t.tags)) ORDER BY id",
        "SELECT id, (SELECT count(*) FROM json_tree(t.doc)) FROM t ORDER BY id",
        "SELECT id, (SELECT group_concat(fullkey, ' ') FROM json_tree(t.doc) WHERE atom IS NOT NULL) FROM t ORDER BY id",
        "SELECT a.value, b.value FROM json_each('[1,2]') a, json_each('[3,4]') b ORDER BY 1, 2",
        "SELECT a.value, b.value FROM json_each('[[1,2],[3]]') a, json_each(a.value) b ORDER BY a.id, b.id",
        "SELECT a.key, b.key, c.value FROM json_each('{\"p\":{\"q\":[7,8]}}') a, json_each(a.value) b, json_each(b.value) c ORDER BY c.id",
        "SELECT x.id, j.value FROM json_each('[1,2,3]') j JOIN t x ON x.id = j.value ORDER BY x.id",
        "SELECT t.id, j.value FROM json_each('[2,4,6]') j, t WHERE t.id = j.value ORDER BY t.id",
        "SELECT t.id, u.id FROM t, json_each(t.tags) j, t u WHERE u.id = j.value ORDER BY 1, 2",
        "SELECT t.id, j.value FROM t CROSS JOIN json_each(t.tags) j ORDER BY t.id, j.id",
        "SELECT t.id, j.value, k.value FROM t, json_each(t.tags) j LEFT JOIN json_each(t.tags) k ON k.value = j.value AND k.key <> j.key ORDER BY t.id, j.id, k.id",

        // Filtered, sorted, grouped, aggregated.
        "SELECT key, value FROM json_each('[1,2,3]') WHERE value > 1 ORDER BY value DESC",
        "SELECT * FROM json_each('[3,1,2]') ORDER BY 2",
        "SELECT count(*), sum(value), min(value), max(value), avg(value) FROM json_each('[1,2,3,4]')",
        "SELECT type, count(*) FROM t, json_tree(t.doc) GROUP BY type ORDER BY type",
        "SELECT value, count(*) FROM t, json_each(t.tags) GROUP BY value HAVING count(*) > 1 ORDER BY value",
        "SELECT DISTINCT value FROM t, json_each(t.tags) ORDER BY value",
        "SELECT t.id, sum(j.value) FROM t, json_tree(t.doc) j WHERE j.type IN ('integer','real') GROUP BY t.id ORDER BY t.id",
        "SELECT fullkey FROM json_tree('{\"a\":[1,{\"b\":2}]}') WHERE type = 'integer' ORDER BY fullkey",
        "SELECT key FROM json_tree('{\"b\":1,\"a\":2}') ORDER BY id",
        "SELECT * FROM json_each('[1]') WHERE json = 3",
        "SELECT count(*) FROM json_each('[1]') WHERE root = '$'",
        "SELECT value FROM json_each('[5,6,7]') LIMIT 1 OFFSET 1",
        "SELECT value, row_number() OVER (ORDER BY value DESC) FROM json_each('[5,7,6]') ORDER BY 1",
        "SELECT json_group_array(value) FROM json_each('[1,\"a\",[2]]')",
        "SELECT json_array(value) FROM json_each('[[1],{\"a\":2}]')",
        "SELECT value ->> '$.a' FROM json_each('[{\"a\":1},{\"a\":\"z\"}]')",

        // Subqueries, CTEs, compound queries, VALUES.
        "SELECT * FROM (SELECT key, value FROM json_each('[1,2]')) ORDER BY key DESC",
        "WITH d(doc) AS (SELECT '[10,[20]]') SELECT j.* FROM d, json_tree(d.doc) j ORDER BY j.id",
        "WITH d AS (SELECT value FROM json_each('[1,2,3]')) SELECT sum(value) FROM d",
        "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 2) SELECT n.i, j.value FROM n, json_each('[\"a\",\"b\",\"c\"]', '$[' || n.i || ']') j ORDER BY n.i",
        "SELECT value FROM json_each('[1,2]') UNION SELECT value FROM json_each('[2,3]') ORDER BY 1",
        "SELECT v.column1, j.value FROM (VALUES ('[1]'), ('[2,3]')) v, json_each(v.column1) j ORDER BY 1, 2",

        // PRAGMA.
        "PRAGMA table_info(json_each)",
        "PRAGMA table_xinfo(json_tree)",

        // Errors.
        "SELECT key FROM json_each('[1]'), json_each('[2]')",
        "SELECT * FROM json_each('[1,2')",
        "SELECT * FROM json_each('[1,2', 'x')",
        "SELECT * FROM json_each('[1,2]', 'x')",
        "SELECT * FROM json_each('[1]', '$[')",
        "SELECT * FROM json_each('[1]', '')",
        "SELECT * FROM json_each('[1]', 5)",
        "SELECT * FROM json_each(x'0102')",
        "SELECT * FROM json_each(1, 2, 3)",
        "SELECT * FROM json_tree('{')",
        "SELECT * FROM nosuch(1)",
        "SELECT json_each.key FROM json_each('[1]') j",
        "SELECT * FROM json_each(t.doc)",
        "SELECT t.id FROM t, json_each(t.doc) WHERE t.id = 3 AND json_each.value = 1",
    ];

    public static TheoryData<string> Queries() => new(s_queries);

    [Theory]
    [MemberData(nameof(Queries))]
    public void Query_matches_sqlite(string sql)
    {
        using var db = new DualDatabase(Setup);
        db.AssertSame(sql);
    }

    [Fact]
    public void View_over_json_each_matches_sqlite()
    {
        using var db = new DualDatabase(Setup + "CREATE VIEW tag(id, tag) AS SELECT t.id, j.value FROM t, json_each(t.tags) AS j;");
        db.AssertSame("SELECT * FROM tag ORDER BY id, tag");
        db.AssertSame("SELECT id FROM tag WHERE tag = 'red' ORDER BY id");
        db.AssertSame("SELECT tag, count(*) FROM tag GROUP BY tag ORDER BY tag");
    }

    [Fact]
    public void Trigger_using_json_each_matches_sqlite()
    {
        using var db = new DualDatabase(Setup + """
            CREATE TABLE tag(owner INTEGER, tag TEXT);
            CREATE TRIGGER t_tags AFTER INSERT ON t BEGIN
              INSERT INTO tag SELECT NEW.id, value FROM json_each(NEW.tags);
            END;
            """);
        db.Execute("INSERT INTO t VALUES (20, '[]', '[\"a\",\"b\"]')");
        db.Execute("INSERT INTO t VALUES (21, '[]', '[\"c\"]')");
        db.AssertSame("SELECT * FROM tag ORDER BY owner, tag");
    }

    [Fact]
    public void Insert_select_and_delete_with_json_each_match_sqlite()
    {
        using var db = new DualDatabase(Setup + "CREATE TABLE tag(owner INTEGER, tag TEXT, position INTEGER);");
        db.Execute("INSERT INTO tag SELECT t.id, j.value, j.key FROM t, json_each(t.tags) j");
        db.AssertSame("SELECT * FROM tag ORDER BY owner, position");
        db.Execute("DELETE FROM t WHERE EXISTS (SELECT 1 FROM json_each(t.tags) WHERE value = 'red')");
        db.AssertSame("SELECT id FROM t ORDER BY id");
        db.Execute("UPDATE t SET doc = (SELECT json_group_array(value) FROM json_each(t.tags)) WHERE id < 3");
        db.AssertSame("SELECT id, doc FROM t ORDER BY id");
        db.Execute("UPDATE t SET tags = j.value FROM json_each('[\"p\",\"q\",\"r\"]') AS j WHERE t.id = j.key + 1");
        db.AssertSame("SELECT id, tags FROM t ORDER BY id");
    }

    [Fact]
    public void Parameter_in_exists_over_json_each_matches_sqlite_for_each_value()
    {
        using var db = new DualDatabase(Setup);
        foreach (string tag in new[] { "red", "green", "blue", "x", "none" })
        {
            string sql = $"SELECT id FROM t WHERE EXISTS (SELECT 1 FROM json_each(t.tags) WHERE value = '{tag}') ORDER BY id";
            db.AssertSame(sql);
        }
    }
}
