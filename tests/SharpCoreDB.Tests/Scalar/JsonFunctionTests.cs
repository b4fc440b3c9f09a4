using Microsoft.Data.Sqlite;
using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Scalar;

/// <summary>SQLite's JSON functions and operators over JSON text, checked value by value (with storage classes) against SQLite.</summary>
public sealed class JsonFunctionTests : IDisposable
{
    private const string Document = """'{"a":1,"b":[10,20.5,"x",null,true,false,{"c":"deep"}],"s":"text","n":null,"e":1e3,"big":12345678901234567890,"t":true,"o":{"k":[1,2]},"d":1,"d":2}'""";

    private readonly DualDatabase _both = new($"CREATE TABLE j(id INTEGER PRIMARY KEY, doc TEXT); INSERT INTO j(doc) VALUES ({Document}), ('[1,[2,3],{{\"x\":\"y\"}}]'), ('7'), ('\"str\"'), (NULL)");

    public void Dispose() => _both.Dispose();

    [Theory]
    [InlineData("json_extract(doc, '$.a')")]
    [InlineData("json_extract(doc, '$.b')")]
    [InlineData("json_extract(doc, '$.b[1]')")]
    [InlineData("json_extract(doc, '$.b[2]')")]
    [InlineData("json_extract(doc, '$.b[3]')")]
    [InlineData("json_extract(doc, '$.b[4]')")]
    [InlineData("json_extract(doc, '$.b[5]')")]
    [InlineData("json_extract(doc, '$.b[6].c')")]
    [InlineData("json_extract(doc, '$.b[#-1].c')")]
    [InlineData("json_extract(doc, '$.b[#]')")]
    [InlineData("json_extract(doc, '$.b[99]')")]
    [InlineData("json_extract(doc, '$.e')")]
    [InlineData("json_extract(doc, '$.big')")]
    [InlineData("json_extract(doc, '$.o')")]
    [InlineData("json_extract(doc, '$.\"o\".k[1]')")]
    [InlineData("json_extract(doc, '$.d')")]
    [InlineData("json_extract(doc, '$.missing')")]
    [InlineData("json_extract(doc, '$')")]
    [InlineData("json_extract(doc, '$[1][0]')")]
    [InlineData("json_extract(doc, '$.a', '$.s', '$.nope')")]
    [InlineData("json_type(doc)")]
    [InlineData("json_type(doc, '$.a')")]
    [InlineData("json_type(doc, '$.e')")]
    [InlineData("json_type(doc, '$.b[3]')")]
    [InlineData("json_type(doc, '$.t')")]
    [InlineData("json_type(doc, '$.o')")]
    [InlineData("json_type(doc, '$.nope')")]
    [InlineData("json_array_length(doc)")]
    [InlineData("json_array_length(doc, '$.b')")]
    [InlineData("json_array_length(doc, '$.o.k')")]
    [InlineData("json_valid(doc)")]
    [InlineData("json(doc)")]
    [InlineData("doc -> '$.a'")]
    [InlineData("doc ->> '$.a'")]
    [InlineData("doc -> 's'")]
    [InlineData("doc ->> 's'")]
    [InlineData("doc -> '$.b'")]
    [InlineData("doc -> 'o' -> 'k' ->> 0")]
    [InlineData("doc -> 1")]
    [InlineData("doc ->> -1")]
    [InlineData("doc -> '$.n'")]
    [InlineData("doc ->> '$.n'")]
    [InlineData("doc ->> '$.s' || '!'")]
    public void Each_row_matches_sqlite(string expression) =>
        _both.AssertSame($"SELECT id, {expression} FROM j ORDER BY id");

    [Theory]
    [InlineData("SELECT json(' { \"a\" : [ 1 , 2 ] , \"b\" : \"x y\" } ')")]
    [InlineData("SELECT json_valid('{\"a\":'), json_valid('[]'), json_valid(''), json_valid(NULL), json_valid('nul')")]
    [InlineData("SELECT json_extract('{\"a.b\":1}', '$.\"a.b\"')")]
    [InlineData("SELECT id FROM j WHERE doc ->> '$.a' = 1")]
    [InlineData("SELECT count(*) FROM j WHERE json_type(doc) = 'object'")]
    [InlineData("SELECT json_array(1, 2.5, 'x', NULL, 1e300, -0.0, 'quote\"back\\slash')")]
    [InlineData("SELECT json_array(), json_object(), json_array(json_array(1, 2), json('[3]'), '[4]')")]
    [InlineData("SELECT json_object('a', 1, 'b', json_object('c', 'd'), 'e', json('{\"f\":[1]}'), 'g', '{\"h\":1}')")]
    [InlineData("SELECT json_object('id', id, 'a', doc -> '$.a', 'b', doc -> '$.b', 's', doc ->> '$.s') FROM j ORDER BY id")]
    [InlineData("SELECT json_array(json_extract(doc, '$.o'), json_extract(doc, '$.s')) FROM j ORDER BY id")]
    [InlineData("SELECT json_quote('x\"y'), json_quote(3), json_quote(1.5), json_quote(NULL), json_quote(json('[1]'))")]
    [InlineData("SELECT json_extract(json_object('k', json_array(1, 2, 3)), '$.k[2]')")]
    [InlineData("SELECT typeof(json_array(1)), length(json_object('a', 'bc'))")]
    [InlineData("SELECT json_group_array(doc ->> '$.a'), json_group_array(id) FROM j")]
    [InlineData("SELECT json_group_object('k' || id, doc -> '$.b') FROM j")]
    [InlineData("SELECT json_group_array(id), json_group_object('x', id) FROM j WHERE 0")]
    [InlineData("SELECT id % 2, json_group_array(json_type(doc)) FROM j GROUP BY id % 2 ORDER BY 1")]
    [InlineData("SELECT json_object('all', (SELECT json_group_array(id) FROM j))")]
    [InlineData("SELECT json_set('{\"a\":1}', '$.b', 2), json_set('{\"a\":1}', '$.a', 'x', '$.c.d', 3)")]
    [InlineData("SELECT json_insert('[1,2]', '$[#]', 3, '$[0]', 9), json_insert('{\"a\":1}', '$.a', 5, '$.b', 6)")]
    [InlineData("SELECT json_replace('{\"a\":1}', '$.a', json('[1]'), '$.z', 1), json_replace('[1,2]', '$[1]', NULL)")]
    [InlineData("SELECT json_remove('[1,2,3]', '$[1]', '$[0]'), json_remove('{\"a\":1,\"b\":2}', '$.a'), json_remove('{}', '$')")]
    [InlineData("SELECT json_set('[1]', '$[5]', 2), json_set('[1]', '$[1]', 2), json_set('{}', '$', 5), json_remove('[1,2]', '$[#-1]')")]
    [InlineData("SELECT json_set('{\"a\":[1,{\"b\":2}]}', '$.a[1].b', 'z', '$.a[#]', json_object('q', 1)), json_set('{\"a\":1}', '$.a.b', 2)")]
    [InlineData("SELECT id, json_set(doc, '$.a', 100, '$.new', json_array(1, 2)) FROM j WHERE json_type(doc) = 'object'")]
    [InlineData("SELECT id, json_remove(doc, '$.b[0]', '$.o') FROM j WHERE json_type(doc) = 'object'")]
    [InlineData("SELECT json_patch('{\"a\":1,\"b\":{\"c\":2,\"d\":3}}', '{\"b\":{\"c\":null,\"e\":[1]},\"f\":\"g\",\"a\":null}')")]
    [InlineData("SELECT json_patch('[1,2]', '{\"a\":1}'), json_patch('{\"a\":1}', '[3]'), json_patch('{}', '{\"x\":{\"y\":null}}'), json_patch(NULL, '{}')")]
    [InlineData("SELECT id, json_patch(doc, '{\"o\":{\"k\":null,\"z\":true},\"s\":null}') FROM j WHERE json_type(doc) = 'object'")]
    public void Other_uses_match_sqlite(string sql) => _both.AssertSame(sql);

    [Theory]
    [InlineData("SELECT json_extract('{\"a\":', '$.a')", "malformed JSON")]
    [InlineData("SELECT json('[1,2')", "malformed JSON")]
    [InlineData("SELECT json_extract('{}', 'a')", "bad JSON path")]
    [InlineData("SELECT json_extract('{}', '$.')", "bad JSON path")]
    [InlineData("SELECT json_extract('[1]', '$[x]')", "bad JSON path")]
    [InlineData("SELECT json_object('a')", "json_object() requires an even number of arguments")]
    [InlineData("SELECT json_object(1, 2)", "json_object() labels must be TEXT")]
    public void Bad_json_and_bad_paths_are_errors_as_in_sqlite(string sql, string message)
    {
        Assert.Contains(message, Assert.Throws<SqliteException>(() => _both.ExecuteSqlite(sql)).Message, StringComparison.Ordinal);
        var error = Assert.Throws<SharpCoreDBException>(() => _both.Engine.Query(sql));
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, error.ErrorCode);
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("SELECT json_object('v', 1e999), json_object('v', -1e999), json_array(1e999, -1e999), json_quote(1e999)")]
    [InlineData("SELECT json_set('{}', '$.a', 1e999), json_insert('[]', '$[#]', -1e999), json_replace('{\"a\":1}', '$.a', 1e999)")]
    [InlineData("SELECT json_extract(json_object('v', 1e999), '$.v'), json_type(json_array(-1e999), '$[0]')")]
    [InlineData("SELECT json_extract('[9.0e+999, -1e400, 1e-400]', '$[0]', '$[1]', '$[2]')")]
    [InlineData("SELECT json_set('{}', '$', 1e999), json_patch('{}', json_object('x', 1e999))")]
    public void Infinite_reals_are_written_as_sqlite_writes_them(string sql) => _both.AssertSame(sql);

    [Fact]
    public void A_blob_is_refused_since_jsonb_is_not_supported()
    {
        // SQLite 3.45+ reads a BLOB argument as JSONB, which this engine does not have: it says so instead of guessing.
        var error = Assert.Throws<SharpCoreDBException>(() => _both.Engine.Query("SELECT json_array(x'00')"));
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, error.ErrorCode);
        Assert.Contains("JSON cannot hold BLOB values", error.Message, StringComparison.Ordinal);
    }
}
