namespace SharpCoreDB;

/// <summary>Where a value read by <see cref="SqlValueReader"/> comes from, named in its error messages.</summary>
internal interface IValueOrigin
{
    /// <summary>Names the value at <paramref name="ordinal"/>, e.g. <c>Column 0 ('id')</c> or <c>Argument 1 of f()</c>.</summary>
    /// <param name="ordinal">The position of the value.</param>
    /// <returns>The description (used only on the error path).</returns>
    string Describe(int ordinal);
}
