using System.Collections;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using SharpCoreDB.Wal;

namespace SharpCoreDB;

/// <summary>
/// Builds and parses SharpCoreDB connection strings. Keywords (case-insensitive):
/// <c>Data Source</c> (a file path or <c>:memory:</c>), <c>Password</c>, <c>Encryption Key</c> (64 hex digits),
/// <c>Durability</c> (Legacy | FullSync | Async), <c>Mode</c> (ReadWriteCreate | ReadWrite | ReadOnly),
/// <c>Cache Size</c> (pages), <c>Page Size</c> (bytes, at creation), <c>Default Timeout</c> (seconds),
/// <c>Foreign Keys</c> (True | False: PRAGMA foreign_keys when the connection opens).
/// <c>Pooling</c> (True | False, default True: the last connection's close keeps the database open for the next).
/// An unknown keyword is an error, so a typo never silently falls back to a default.
/// </summary>
[SuppressMessage("Design", "CA1010:Generic interface should also be implemented",
    Justification = "DbConnectionStringBuilder's shape is the ADO.NET contract; its keys and values are untyped by design.")]
public sealed class SharpCoreDBConnectionStringBuilder : DbConnectionStringBuilder
{
    private const string DataSourceKeyword = "Data Source";
    private const string PasswordKeyword = "Password";
    private const string EncryptionKeyKeyword = "Encryption Key";
    private const string DurabilityKeyword = "Durability";
    private const string ModeKeyword = "Mode";
    private const string CacheSizeKeyword = "Cache Size";
    private const string PageSizeKeyword = "Page Size";
    private const string DefaultTimeoutKeyword = "Default Timeout";
    private const string ForeignKeysKeyword = "Foreign Keys";
    private const string PoolingKeyword = "Pooling";

    /// <summary>The default page cache size, in pages.</summary>
    public const int DefaultCacheSize = 2048;

    /// <summary>The default page size for new databases, in bytes.</summary>
    public const int DefaultPageSize = 4096;

    /// <summary>The default command and busy timeout, in seconds.</summary>
    public const int DefaultDefaultTimeout = 30;

    // Canonical keyword for every accepted spelling (aliases follow Microsoft.Data.Sqlite where it has one).
    private static readonly Dictionary<string, string> s_keywords = new(StringComparer.OrdinalIgnoreCase)
    {
        [DataSourceKeyword] = DataSourceKeyword,
        ["DataSource"] = DataSourceKeyword,
        ["Filename"] = DataSourceKeyword,
        [PasswordKeyword] = PasswordKeyword,
        ["Pwd"] = PasswordKeyword,
        [EncryptionKeyKeyword] = EncryptionKeyKeyword,
        ["EncryptionKey"] = EncryptionKeyKeyword,
        [DurabilityKeyword] = DurabilityKeyword,
        [ModeKeyword] = ModeKeyword,
        [CacheSizeKeyword] = CacheSizeKeyword,
        ["CacheSize"] = CacheSizeKeyword,
        [PageSizeKeyword] = PageSizeKeyword,
        ["PageSize"] = PageSizeKeyword,
        [DefaultTimeoutKeyword] = DefaultTimeoutKeyword,
        ["DefaultTimeout"] = DefaultTimeoutKeyword,
        ["Command Timeout"] = DefaultTimeoutKeyword,
        [ForeignKeysKeyword] = ForeignKeysKeyword,
        ["ForeignKeys"] = ForeignKeysKeyword,
        [PoolingKeyword] = PoolingKeyword,
    };

    /// <summary>Creates an empty builder.</summary>
    public SharpCoreDBConnectionStringBuilder()
    {
    }

    /// <summary>Creates a builder from a connection string.</summary>
    /// <param name="connectionString">The connection string to parse.</param>
    /// <exception cref="ArgumentException">A keyword is unknown or a value is invalid.</exception>
    public SharpCoreDBConnectionStringBuilder(string? connectionString)
    {
        ConnectionString = connectionString;
    }

    /// <summary>The database file path, or <c>:memory:</c> for a private in-memory database.</summary>
    public string DataSource
    {
        get => GetString(DataSourceKeyword);
        set => this[DataSourceKeyword] = value;
    }

    /// <summary>The password of an encrypted database (or of one to create encrypted).</summary>
    public string Password
    {
        get => GetString(PasswordKeyword);
        set => this[PasswordKeyword] = value;
    }

    /// <summary>A raw 256-bit key as 64 hexadecimal digits; skips password-based key derivation.</summary>
    public string EncryptionKey
    {
        get => GetString(EncryptionKeyKeyword);
        set => this[EncryptionKeyKeyword] = value;
    }

    /// <summary>How commits reach the disk (default <see cref="DurabilityMode.FullSync"/>).</summary>
    public DurabilityMode Durability
    {
        get => base.TryGetValue(DurabilityKeyword, out var value) ? ParseEnum<DurabilityMode>(DurabilityKeyword, value) : DurabilityMode.FullSync;
        set => this[DurabilityKeyword] = value.ToString();
    }

    /// <summary>Whether the database may be created and written (default <see cref="SharpCoreDBOpenMode.ReadWriteCreate"/>).</summary>
    public SharpCoreDBOpenMode Mode
    {
        get => base.TryGetValue(ModeKeyword, out var value) ? ParseEnum<SharpCoreDBOpenMode>(ModeKeyword, value) : SharpCoreDBOpenMode.ReadWriteCreate;
        set => this[ModeKeyword] = value.ToString();
    }

    /// <summary>Pages kept in the page cache (default 2048).</summary>
    public int CacheSize
    {
        get => GetInt(CacheSizeKeyword, DefaultCacheSize);
        set => this[CacheSizeKeyword] = value;
    }

    /// <summary>Page size in bytes for a new database: a power of two from 4096 to 65536 (default 4096).</summary>
    public int PageSize
    {
        get => GetInt(PageSizeKeyword, DefaultPageSize);
        set => this[PageSizeKeyword] = value;
    }

    /// <summary>Default command timeout and busy timeout, in seconds (default 30).</summary>
    public int DefaultTimeout
    {
        get => GetInt(DefaultTimeoutKeyword, DefaultDefaultTimeout);
        set => this[DefaultTimeoutKeyword] = value;
    }

    /// <summary>
    /// Runs <c>PRAGMA foreign_keys</c> with this value when the connection opens, as Microsoft.Data.Sqlite does;
    /// null (the default) leaves SQLite's default, off.
    /// </summary>
    public bool? ForeignKeys
    {
        get => base.TryGetValue(ForeignKeysKeyword, out var value) && !string.IsNullOrWhiteSpace(Convert.ToString(value, CultureInfo.InvariantCulture))
            ? ParseBool(ForeignKeysKeyword, value!)
            : null;
        set
        {
            if (value is null)
            {
                Remove(ForeignKeysKeyword);
            }
            else
            {
                this[ForeignKeysKeyword] = value.Value;
            }
        }
    }

    /// <summary>
    /// True (the default, as in Microsoft.Data.Sqlite) to keep the database open (files, page cache, derived key) when
    /// its last connection closes, so the next open of the same file with the same settings costs no file open,
    /// recovery or key derivation; see <see cref="SharpCoreDBConnection.ClearPool"/>.
    /// </summary>
    public bool Pooling
    {
        get => !base.TryGetValue(PoolingKeyword, out var value) || ParseBool(PoolingKeyword, value);
        set => this[PoolingKeyword] = value;
    }

    /// <inheritdoc />
    /// <remarks>As Microsoft.Data.Sqlite: reading a keyword gives its typed value (a bool, an int, an enum), or its
    /// default when it is not set (null for <c>Foreign Keys</c>).</remarks>
    [AllowNull]
    public override object this[string keyword]
    {
        get => Typed(Canonical(keyword))!;
        set
        {
            var canonical = Canonical(keyword);
            if (value is null)
            {
                Remove(canonical);
                return;
            }

            Validate(canonical, value);
            base[canonical] = value;
        }
    }

    /// <inheritdoc />
    public override ICollection Keys => base.Keys;

    /// <inheritdoc />
    public override bool ContainsKey(string keyword) =>
        s_keywords.TryGetValue(keyword, out var canonical) && base.ContainsKey(canonical);

    /// <inheritdoc />
    public override bool Remove(string keyword) =>
        s_keywords.TryGetValue(keyword, out var canonical) && base.Remove(canonical);

    /// <inheritdoc />
    /// <remarks>True for every supported keyword, set or not, with its typed value or default (as the indexer).</remarks>
    public override bool TryGetValue(string keyword, [NotNullWhen(true)] out object? value)
    {
        if (s_keywords.TryGetValue(keyword, out var canonical))
        {
            value = Typed(canonical);
            return value is not null;
        }

        value = null;
        return false;
    }

    private object? Typed(string canonical) => canonical switch
    {
        DataSourceKeyword => DataSource,
        PasswordKeyword => Password,
        EncryptionKeyKeyword => EncryptionKey,
        DurabilityKeyword => Durability,
        ModeKeyword => Mode,
        CacheSizeKeyword => CacheSize,
        PageSizeKeyword => PageSize,
        DefaultTimeoutKeyword => DefaultTimeout,
        ForeignKeysKeyword => ForeignKeys,
        PoolingKeyword => Pooling,
        _ => throw new System.Diagnostics.UnreachableException($"'{canonical}' is a canonical keyword without a typed property"),
    };

    /// <summary>Decodes <see cref="EncryptionKey"/> into 32 bytes, or null when it is not set.</summary>
    internal byte[]? GetEncryptionKeyBytes()
    {
        var hex = EncryptionKey;
        return hex.Length == 0 ? null : Convert.FromHexString(hex);
    }

    private static string Canonical(string keyword)
    {
        ArgumentNullException.ThrowIfNull(keyword);
        return s_keywords.TryGetValue(keyword, out var canonical)
            ? canonical
            : throw new ArgumentException(
                $"Connection string keyword '{keyword}' is not supported. Supported: Data Source, Password, Encryption Key, " +
                "Durability, Mode, Cache Size, Page Size, Default Timeout, Foreign Keys, Pooling.",
                nameof(keyword));
    }

    private static void Validate(string keyword, object value)
    {
        var text = Convert.ToString(value, CultureInfo.InvariantCulture) ?? string.Empty;
        switch (keyword)
        {
            case EncryptionKeyKeyword:
                if (text.Length != 64 || !IsHex(text))
                {
                    throw new ArgumentException("'Encryption Key' must be 64 hexadecimal digits (a 256-bit key).", nameof(value));
                }

                break;
            case DurabilityKeyword:
                ParseEnum<DurabilityMode>(keyword, text);
                break;
            case ModeKeyword:
                ParseEnum<SharpCoreDBOpenMode>(keyword, text);
                break;
            case CacheSizeKeyword:
                ParseInt(keyword, text, min: 16, max: int.MaxValue);
                break;
            case PageSizeKeyword:
                var pageSize = ParseInt(keyword, text, min: 4096, max: 65536);
                if ((pageSize & (pageSize - 1)) != 0)
                {
                    throw new ArgumentException($"'Page Size' must be a power of two from 4096 to 65536, not {pageSize}.", nameof(value));
                }

                break;
            case DefaultTimeoutKeyword:
                ParseInt(keyword, text, min: 0, max: int.MaxValue);
                break;
            case ForeignKeysKeyword:
                // Empty leaves SQLite's default (off).
                if (text.Trim().Length > 0)
                {
                    ParseBool(keyword, value);
                }

                break;
            case PoolingKeyword:
                ParseBool(keyword, value);
                break;
        }
    }

    private static bool IsHex(string text)
    {
        foreach (var c in text)
        {
            if (!char.IsAsciiHexDigit(c))
            {
                return false;
            }
        }

        return true;
    }

    private static T ParseEnum<T>(string keyword, object value)
        where T : struct, Enum
    {
        var text = Convert.ToString(value, CultureInfo.InvariantCulture);
        // Names only: Enum.TryParse would also accept "7" and invent an undefined mode.
        foreach (var name in Enum.GetNames<T>())
        {
            if (string.Equals(name, text?.Trim(), StringComparison.OrdinalIgnoreCase))
            {
                return Enum.Parse<T>(name);
            }
        }

        throw new ArgumentException(
            $"'{keyword}' must be one of {string.Join(", ", Enum.GetNames<T>())}, not '{text}'.", nameof(value));
    }

    // True/False in any case, as Microsoft.Data.Sqlite reads its boolean keywords (Pooling, Foreign Keys).
    private static bool ParseBool(string keyword, object value)
    {
        if (value is bool flag)
        {
            return flag;
        }

        var text = Convert.ToString(value, CultureInfo.InvariantCulture)?.Trim();
        return bool.TryParse(text, out var parsed)
            ? parsed
            : throw new ArgumentException($"'{keyword}' must be True or False, not '{text}'.", nameof(value));
    }

    private static int ParseInt(string keyword, string text, int min, int max)
    {
        if (!int.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out var number) || number < min || number > max)
        {
            throw new ArgumentException($"'{keyword}' must be a whole number from {min} to {max}, not '{text}'.", nameof(text));
        }

        return number;
    }

    private string GetString(string keyword) =>
        base.TryGetValue(keyword, out var value) ? Convert.ToString(value, CultureInfo.InvariantCulture) ?? string.Empty : string.Empty;

    private int GetInt(string keyword, int defaultValue) =>
        base.TryGetValue(keyword, out var value)
            ? ParseInt(keyword, Convert.ToString(value, CultureInfo.InvariantCulture) ?? string.Empty, int.MinValue, int.MaxValue)
            : defaultValue;
}
