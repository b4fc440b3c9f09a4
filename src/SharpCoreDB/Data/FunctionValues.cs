using SharpCoreDB.Records;

namespace SharpCoreDB;

/// <summary>
/// The values crossing between SQL and a function registered from C#: arguments read as a data reader reads a column
/// (<see cref="SqlValueReader"/>), results bound as a parameter value is (<see cref="SqlValue.FromObject"/>). The
/// common types go through without boxing: the <c>typeof(T)</c> tests fold away per value type.
/// </summary>
internal static class FunctionValues
{
    private static readonly ArgumentOrigin s_arguments = new();

    /// <summary>Argument <paramref name="ordinal"/> as <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The parameter type of the application's delegate.</typeparam>
    /// <param name="arguments">The call's arguments.</param>
    /// <param name="ordinal">The argument's position.</param>
    /// <returns>The value.</returns>
    /// <exception cref="InvalidCastException">The value has no form of <typeparamref name="T"/>.</exception>
    public static T Argument<T>(ReadOnlySpan<SqlValue> arguments, int ordinal) =>
        SqlValueReader.Get<T>(arguments[ordinal], s_arguments, ordinal);

    /// <summary>Every argument as the object a data reader's <c>GetValue</c> returns, NULL as null (as Microsoft.Data.Sqlite passes it).</summary>
    /// <param name="arguments">The call's arguments.</param>
    /// <returns>A new array (the variadic delegates own what they are given).</returns>
    public static object?[] Objects(ReadOnlySpan<SqlValue> arguments)
    {
        var values = new object?[arguments.Length];
        for (int i = 0; i < arguments.Length; i++)
        {
            // NULL as null, as Microsoft.Data.Sqlite passes it (a data reader gives DBNull.Value).
            values[i] = arguments[i].IsNull ? null : SqlValueReader.ToObject(arguments[i]);
        }

        return values;
    }

    /// <summary>The SQL value of a delegate's result.</summary>
    /// <typeparam name="T">The delegate's result type.</typeparam>
    /// <param name="value">The result.</param>
    /// <returns>The value, as a parameter of that value binds.</returns>
    /// <exception cref="NotSupportedException">The type has no SQL form.</exception>
    public static SqlValue Result<T>(T value)
    {
        if (typeof(T) == typeof(long)) { return SqlValue.FromInt64((long)(object)value!); }
        if (typeof(T) == typeof(int)) { return SqlValue.FromInt64((int)(object)value!); }
        if (typeof(T) == typeof(double)) { return SqlValue.FromDouble((double)(object)value!); }
        if (typeof(T) == typeof(bool)) { return SqlValue.FromInt64((bool)(object)value! ? 1 : 0); }
        if (typeof(T) == typeof(decimal)) { return SqlValue.FromDecimal((decimal)(object)value!); }
        // Dates and times packed, as a parameter of that type binds: the same TEXT, written only where it is read.
        if (typeof(T) == typeof(DateTime)) { return SqlValue.FromDateTimeText((DateTime)(object)value!); }
        if (typeof(T) == typeof(DateTimeOffset)) { return SqlValue.FromDateTimeOffsetText((DateTimeOffset)(object)value!); }
        if (typeof(T) == typeof(DateOnly)) { return SqlValue.FromDateText((DateOnly)(object)value!); }
        if (typeof(T) == typeof(TimeOnly)) { return SqlValue.FromTimeText((TimeOnly)(object)value!); }
        if (typeof(T) == typeof(TimeSpan)) { return SqlValue.FromTimeSpanText((TimeSpan)(object)value!); }
        if (typeof(T) == typeof(string))
        {
            return value is null ? SqlValue.Null : SqlValue.FromText(Utf8Text.ToWellFormed((string)(object)value));
        }

        return SqlValue.FromObject(value);
    }

    // Names an argument in conversion errors (the message reaches the application as the function's error).
    private sealed class ArgumentOrigin : IValueOrigin
    {
        public string Describe(int ordinal) => $"Argument {ordinal}";
    }
}
