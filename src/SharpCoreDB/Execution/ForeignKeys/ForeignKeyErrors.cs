using System.Diagnostics.CodeAnalysis;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Execution.ForeignKeys;

/// <summary>The errors foreign-key enforcement raises, with SQLite's message texts, in one place.</summary>
internal static class ForeignKeyErrors
{
    /// <summary>A violated constraint: a child row without its parent at the end of a statement or at COMMIT, or RESTRICT.</summary>
    /// <returns>The exception.</returns>
    public static SharpCoreDBException Violation() =>
        new(SharpCoreDBErrorCode.ForeignKeyViolation, "FOREIGN KEY constraint failed");

    /// <summary>Throws <see cref="Violation"/>.</summary>
    [DoesNotReturn]
    public static void ThrowViolation() => throw Violation();

    /// <summary>
    /// The parent key is not a PRIMARY KEY or UNIQUE index of the parent (or names unknown columns): SQLite's
    /// "foreign key mismatch", raised when a statement needs the constraint.
    /// </summary>
    /// <param name="child">The child table.</param>
    /// <param name="parent">The parent table.</param>
    /// <returns>The exception.</returns>
    public static SharpCoreDBException Mismatch(string child, string parent) =>
        new(SharpCoreDBErrorCode.Unsupported, $"foreign key mismatch - \"{child}\" referencing \"{parent}\"");

    /// <summary>The parent table does not exist (SQLite names it in schema <c>main</c>).</summary>
    /// <param name="parent">The parent table's name.</param>
    /// <returns>The exception.</returns>
    public static SharpCoreDBException MissingParent(string parent) =>
        new(SharpCoreDBErrorCode.UnknownTable, $"no such table: main.{parent}");

    /// <summary>Foreign-key actions nested deeper than triggers may be (SQLite counts them as trigger levels).</summary>
    /// <param name="child">The child table whose foreign key's action would nest once more.</param>
    /// <returns>The error (TooComplex).</returns>
    public static SharpCoreDBException TooDeep(string child) =>
        new(SharpCoreDBErrorCode.TooComplex, $"too many levels of trigger recursion (at most {SqlLimits.Text(SqlLimits.MaxTriggerDepth)}) in the actions of a foreign key on {child}");
}
