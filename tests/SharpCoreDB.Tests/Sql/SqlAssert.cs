using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;

namespace SharpCoreDB.Tests.Sql;

/// <summary>Parsing helpers shared by the SQL front-end tests.</summary>
internal static class SqlAssert
{
    /// <summary>
    /// Parses one statement, prints it, parses the print and prints again: the two prints must agree
    /// (printing is canonical and loses nothing the parser keeps). Returns the canonical text.
    /// </summary>
    public static string Canonical(string sql)
    {
        Statement statement = SqlParser.ParseStatement(sql);
        return CanonicalOf(statement, sql);
    }

    /// <summary>Canonical text of an already parsed statement, checked by a second round trip.</summary>
    public static string CanonicalOf(Statement statement, string source)
    {
        string printed = statement.ToString();
        Statement reparsed;
        try
        {
            reparsed = SqlParser.ParseStatement(printed);
        }
        catch (SharpCoreDBException ex)
        {
            throw new Xunit.Sdk.XunitException($"printed form does not parse: {ex.Message}\nsource:  {source}\nprinted: {printed}");
        }

        string again = reparsed.ToString();
        if (again != printed)
        {
            throw new Xunit.Sdk.XunitException($"round trip changed the statement\nsource:  {source}\nprinted: {printed}\nreparsed: {again}");
        }

        return printed;
    }

    /// <summary>Canonical (fully parenthesized) text of one expression.</summary>
    public static string Expr(string sql)
    {
        Expression expression = SqlParser.ParseExpression(sql);
        string printed = expression.ToString();
        string again = SqlParser.ParseExpression(printed).ToString();
        Assert.Equal(printed, again);
        return printed;
    }

    /// <summary>Parses one statement and casts it to the expected node type.</summary>
    public static T Parse<T>(string sql)
        where T : Statement
    {
        Statement statement = SqlParser.ParseStatement(sql);
        return Assert.IsType<T>(statement);
    }

    /// <summary>Asserts that parsing fails with a syntax error and returns it.</summary>
    public static SharpCoreDBException SyntaxError(string sql)
    {
        var ex = Assert.Throws<SharpCoreDBException>(() => SqlParser.ParseAll(sql));
        Assert.Equal(SharpCoreDBErrorCode.SyntaxError, ex.ErrorCode);
        Assert.True(ex.Line >= 1 && ex.Column >= 1, $"position not set: {ex.Message}");
        return ex;
    }
}
