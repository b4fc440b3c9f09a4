namespace SharpCoreDB.Tests.Sql;

/// <summary>One SQL record of a corpus file.</summary>
/// <param name="File">The file.</param>
/// <param name="Line">The 1-based line of the record header.</param>
/// <param name="Sql">The SQL text.</param>
/// <param name="ExpectError">True for <c>statement error</c> records.</param>
internal sealed record CorpusRecord(string File, int Line, string Sql, bool ExpectError);
