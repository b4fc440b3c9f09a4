using System.Globalization;
using System.Security.Cryptography;
using System.Text;

namespace SharpCoreDB.SqlLogicTest;

/// <summary>The result hash of sqllogictest: MD5 over every value followed by a newline, in result order.</summary>
internal static class ResultHasher
{
    /// <summary>The line a hashed result is written as: <c>N values hashing to &lt;md5&gt;</c>.</summary>
    /// <param name="values">The rendered (and sorted) values.</param>
    /// <returns>The line.</returns>
    public static string Describe(IReadOnlyList<string> values)
    {
        ArgumentNullException.ThrowIfNull(values);
        return string.Create(CultureInfo.InvariantCulture, $"{values.Count} values hashing to {Md5(values)}");
    }

    /// <summary>Lower-case hex MD5 of the values, each followed by "\n".</summary>
    /// <param name="values">The values.</param>
    /// <returns>32 hex digits.</returns>
    public static string Md5(IReadOnlyList<string> values)
    {
        ArgumentNullException.ThrowIfNull(values);
        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.MD5);
        byte[] newline = [(byte)'\n'];
        foreach (string value in values)
        {
            hash.AppendData(Encoding.UTF8.GetBytes(value));
            hash.AppendData(newline);
        }

        return Convert.ToHexStringLower(hash.GetHashAndReset());
    }

    /// <summary>True when <paramref name="line"/> has the form of <see cref="Describe"/>.</summary>
    /// <param name="line">An expected-output line.</param>
    /// <returns>Whether it is a hash line.</returns>
    public static bool IsHashLine(string line) =>
        line.Contains(" values hashing to ", StringComparison.Ordinal);
}
