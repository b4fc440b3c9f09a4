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
    public void Other_uses_match_sqlite(string sql) => _both.AssertSame(sql);

    [Theory]
    [InlineData("SELECT json_extract('{\"a\":', '$.a')", "malformed JSON")]
    [InlineData("SELECT json('[1,2')", "malformed JSON")]
    [InlineData("SELECT json_extract('{}', 'a')", "bad JSON path")]
    [InlineData("SELECT json_extract('{}', '$.')", "bad JSON path")]
    [InlineData("SELECT json_extract('[1]', '$[x]')", "bad JSON path")]
    public void Bad_json_and_bad_paths_are_errors_as_in_sqlite(string sql, string message)
    {
        Assert.Contains(message, Assert.Throws<SqliteException>(() => _both.ExecuteSqlite(sql)).Message, StringComparison.Ordinal);
        var error = Assert.Throws<SharpCoreDBException>(() => _both.Engine.Query(sql));
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, error.ErrorCode);
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
    }
}
