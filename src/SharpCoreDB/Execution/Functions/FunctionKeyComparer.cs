namespace SharpCoreDB.Execution.Functions;

/// <summary>Compares (name, argument count) keys of registered functions as SQLite compares function names: ASCII
/// case-insensitively.</summary>
internal sealed class FunctionKeyComparer : IEqualityComparer<(string Name, int Arity)>
{
    /// <summary>The comparer.</summary>
    public static readonly FunctionKeyComparer Instance = new();

    /// <inheritdoc />
    public bool Equals((string Name, int Arity) x, (string Name, int Arity) y) =>
        x.Arity == y.Arity && string.Equals(x.Name, y.Name, StringComparison.OrdinalIgnoreCase);

    /// <inheritdoc />
    public int GetHashCode((string Name, int Arity) obj) =>
        HashCode.Combine(StringComparer.OrdinalIgnoreCase.GetHashCode(obj.Name), obj.Arity);
}
