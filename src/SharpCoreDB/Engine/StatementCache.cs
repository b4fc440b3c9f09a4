using System.Collections.Concurrent;

namespace SharpCoreDB.Engine;

/// <summary>
/// Prepared statements by SQL text, shared by every session of a database, so repeated ad-hoc SQL is parsed once.
/// Bounded: past the limit the cache is emptied and refills with what is still in use.
/// </summary>
internal sealed class StatementCache
{
    private const int Capacity = 512;
    private readonly ConcurrentDictionary<string, Statement> _statements = new(StringComparer.Ordinal);

    /// <summary>The number of cached statements.</summary>
    public int Count => _statements.Count;

    /// <summary>The cached statement for <paramref name="sql"/>, parsing it on a miss.</summary>
    /// <param name="database">The database.</param>
    /// <param name="sql">The SQL text.</param>
    /// <returns>The statement.</returns>
    /// <exception cref="SharpCoreDBException">SyntaxError.</exception>
    public Statement Get(Database database, string sql)
    {
        if (_statements.TryGetValue(sql, out Statement? statement))
        {
            return statement;
        }

        statement = new Statement(database, sql);
        if (_statements.Count >= Capacity)
        {
            _statements.Clear();
        }

        return _statements.GetOrAdd(sql, statement);
    }
}
