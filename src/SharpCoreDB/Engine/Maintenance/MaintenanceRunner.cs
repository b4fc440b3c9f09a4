using System.Globalization;
using SharpCoreDB.Execution;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Engine.Maintenance;

/// <summary>
/// Runs the statements that rebuild or copy the whole database (<c>VACUUM</c>, <c>VACUUM INTO 'file'</c>,
/// <c>PRAGMA rekey = …</c>, <c>PRAGMA decrypt</c>) for a session, outside any transaction, as SQLite runs VACUUM.
/// </summary>
/// <remarks>
/// <c>PRAGMA rekey = 'password'</c> sets a new password; <c>PRAGMA rekey = "x'…64 hex digits…'"</c> a raw 32-byte key
/// (SQLCipher's form); <c>PRAGMA rekey = ''</c> is refused, because dropping encryption must be asked for by name:
/// <c>PRAGMA decrypt</c>.
/// </remarks>
internal static class MaintenanceRunner
{
    /// <summary>True for the pragmas this class runs.</summary>
    /// <param name="name">The pragma's name.</param>
    /// <returns>Whether it is rekey or decrypt.</returns>
    public static bool IsMaintenancePragma(string name) =>
        name.Equals("rekey", StringComparison.OrdinalIgnoreCase) || name.Equals("decrypt", StringComparison.OrdinalIgnoreCase);

    /// <summary>Runs one maintenance statement.</summary>
    /// <param name="session">The session.</param>
    /// <param name="statement">A <see cref="VacuumStatement"/> or a rekey/decrypt pragma.</param>
    /// <param name="cancellationToken">Stops the copy before anything is replaced.</param>
    /// <exception cref="SharpCoreDBException">
    /// TransactionState inside a transaction; ReadOnly; Busy while other connections use the database; AlreadyExists
    /// for VACUUM INTO an existing file; SyntaxError for a bad rekey value; IoError, Corrupt, Cancelled.
    /// </exception>
    public static void Run(Session session, Sql.Ast.Statement statement, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(session);
        string what = statement is VacuumStatement ? "VACUUM" : "rekey";
        RequireIdle(session, what);

        Database database = session.Database;
        switch (statement)
        {
            case VacuumStatement vacuum:
                if (vacuum.Schema is { } schema && !schema.Name.Equals("main", StringComparison.OrdinalIgnoreCase))
                {
                    throw new SharpCoreDBException(SharpCoreDBErrorCode.Unsupported, $"unknown database {schema.Name}");
                }

                if (vacuum.Into is { } into)
                {
                    using IReadTransaction snapshot = database.BeginStoreRead();
                    database.CopyTo(snapshot, into.Value, encryption: null, progress: null, cancellationToken);
                    return;
                }

                RequireWritable(session, what);
                database.Rebuild(encryption: null, cancellationToken);
                return;
            case PragmaStatement pragma:
                RequireWritable(session, what);
                database.Rebuild(TargetEncryption(pragma), cancellationToken);
                return;
            default:
                throw new ArgumentException($"{statement.GetType().Name} is not a maintenance statement.", nameof(statement));
        }
    }

    /// <summary>Refuses a whole-database operation inside a transaction, in SQLite's words.</summary>
    /// <param name="session">The session that asks.</param>
    /// <param name="what">The operation, as in "cannot VACUUM from within a transaction".</param>
    /// <exception cref="SharpCoreDBException">TransactionState inside a transaction.</exception>
    internal static void RequireIdle(Session session, string what)
    {
        if (session.InTransaction)
        {
            // VACUUM, VACUUM INTO, rekey and backups replace or copy the whole database, never part of a transaction.
            throw new SharpCoreDBException(SharpCoreDBErrorCode.TransactionState, $"cannot {what} from within a transaction");
        }
    }

    /// <summary>Refuses an operation that rewrites the database on a read-only connection.</summary>
    /// <param name="session">The session that asks.</param>
    /// <param name="what">The operation, as in "rekey needs a read-write connection".</param>
    /// <exception cref="SharpCoreDBException">ReadOnly on a read-only connection.</exception>
    internal static void RequireWritable(Session session, string what)
    {
        if (session.IsReadOnly)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.ReadOnly, $"attempt to write a readonly database: {what} needs a read-write connection");
        }
    }

    private static SharpCoreDBEncryption TargetEncryption(PragmaStatement pragma)
    {
        if (pragma.Name.Name.Equals("decrypt", StringComparison.OrdinalIgnoreCase))
        {
            if (pragma.Value is not null)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SyntaxError, "PRAGMA decrypt takes no value: it stores the database without encryption");
            }

            return SharpCoreDBEncryption.None;
        }

        if (pragma.Value is not StringLiteral { Value: var text })
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SyntaxError, "PRAGMA rekey takes the new password as a string, as in PRAGMA rekey = 'new password', or a raw key as \"x'<64 hex digits>'\"");
        }

        if (text.Length == 0)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Unsupported,
                "PRAGMA rekey = '' would store the database without encryption; to do that, say so with PRAGMA decrypt");
        }

        if (text.Length >= 3 && (text[0] is 'x' or 'X') && text[1] == '\'' && text[^1] == '\'')
        {
            string hex = text[2..^1];
            if (hex.Length != 64 || !IsHex(hex))
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SyntaxError, $"PRAGMA rekey with a raw key takes exactly 64 hex digits inside x'…', not {hex.Length} characters");
            }

            return SharpCoreDBEncryption.WithKey(Convert.FromHexString(hex));
        }

        return SharpCoreDBEncryption.WithPassword(text);
    }

    private static bool IsHex(string text)
    {
        foreach (char c in text)
        {
            if (!char.IsAsciiHexDigit(c))
            {
                return false;
            }
        }

        return true;
    }
}
