namespace SharpCoreDB.EntityFrameworkCore.Update;

/// <summary>Small reflection helpers.</summary>
internal static class TypeExtensions
{
    /// <summary>The <c>T</c> of a <c>Nullable&lt;T&gt;</c>, or the type itself.</summary>
    public static Type UnwrapNullable(this Type type) => Nullable.GetUnderlyingType(type) ?? type;
}
