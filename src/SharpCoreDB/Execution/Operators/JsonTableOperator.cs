using System.Globalization;
using System.Text.Json;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>
/// SQLite's table-valued <c>json_each(json[, path])</c> (the members of the array or object at the path, or the value
/// itself when it is neither) and <c>json_tree(json[, path])</c> (the value at the path and everything under it,
/// depth first). Each open evaluates the arguments, which may read the current rows of earlier FROM items, and
/// parses the document once; rows are then produced one at a time from enumerators over it, and only the columns
/// the statement reads are computed (the ids need the JSONB sizes of what precedes each element, the paths need
/// text), so <c>EXISTS (SELECT 1 FROM json_each(t.tags) WHERE value = ?)</c> costs a parse and one value per element.
/// </summary>
internal sealed partial class JsonTableOperator : Operator
{
    /// <summary>The column ordinals, as SQLite declares them: key, value, type, atom, id, parent, fullkey, path, then the hidden json and root.</summary>
    public const int Key = 0, Value = 1, Type = 2, Atom = 3, Id = 4, Parent = 5, FullKey = 6, Path = 7, Json = 8, Root = 9;

    /// <summary>The column names, by ordinal.</summary>
    public static readonly string[] ColumnNames = ["key", "value", "type", "atom", "id", "parent", "fullkey", "path", "json", "root"];

    private static readonly SqlValue s_null = SqlValue.Null;
    private static readonly SqlValue s_nullType = SqlValue.FromText("null");
    private static readonly SqlValue s_trueType = SqlValue.FromText("true");
    private static readonly SqlValue s_falseType = SqlValue.FromText("false");
    private static readonly SqlValue s_integerType = SqlValue.FromText("integer");
    private static readonly SqlValue s_realType = SqlValue.FromText("real");
    private static readonly SqlValue s_textType = SqlValue.FromText("text");
    private static readonly SqlValue s_arrayType = SqlValue.FromText("array");
    private static readonly SqlValue s_objectType = SqlValue.FromText("object");

    private readonly string _name;
    private readonly int _slot;
    private readonly Expr? _json;
    private readonly Expr? _path;
    private readonly bool _recursive;
    private readonly bool[] _used;
    private readonly List<long> _payloads = [];
    private Frame[] _frames = new Frame[8];
    private int _depth;
    private JsonDocument? _document;
    private Phase _phase;
    private JsonElement _start;
    private long _startId;
    private long _startValueOffset;
    private SqlValue _jsonText;
    private string _rootText = "$";
    private int _preorder;
    private byte[] _scratch = [];

    /// <summary>Creates the operator.</summary>
    /// <param name="name">json_each or json_tree, for EXPLAIN.</param>
    /// <param name="slot">The slot its rows go to (one value per column in <see cref="ColumnNames"/>).</param>
    /// <param name="json">The JSON argument, or null for a call without arguments (no rows).</param>
    /// <param name="path">The path argument, or null for the root.</param>
    /// <param name="recursive">True for json_tree.</param>
    /// <param name="used">Which columns the statement reads (shared with the binder; the others stay NULL).</param>
    public JsonTableOperator(string name, int slot, Expr? json, Expr? path, bool recursive, bool[] used)
    {
        _name = name;
        _slot = slot;
        _json = json;
        _path = path;
        _recursive = recursive;
        _used = used;
    }

    private enum Phase
    {
        Done,
        Root,
        Members,
    }

    /// <inheritdoc />
    public override IReadOnlyList<Expr> Expressions => _json is null ? [] : _path is null ? [_json] : [_json, _path];

    private bool NeedIds => _used[Id] || _used[Parent];

    private bool NeedPaths => _used[FullKey] || _used[Path];

    /// <inheritdoc />
    public override void Open(ExecutionContext context)
    {
        Close(context);
        _phase = Phase.Done;
        if (_json is null)
        {
            // SQLite's json_each() without arguments has no JSON to read: no rows.
            return;
        }

        SqlValue json = _json.Evaluate(context);
        if (json.IsNull)
        {
            return;
        }

        _document = ScalarFunctions.ParseJsonArgument(json);
        _jsonText = _used[Json] ? SqlValue.FromText(TextConversion.ToText(json)) : s_null;
        _rootText = "$";
        List<(string? Key, long Index, bool FromEnd)>? steps = null;
        if (_path is not null)
        {
            SqlValue path = _path.Evaluate(context);
            if (path.IsNull)
            {
                return;
            }

            _rootText = TextConversion.ToText(path);
            steps = ScalarFunctions.JsonPathSteps(_rootText);
        }

        JsonElement root = _document.RootElement;
        if (!Locate(root, steps, NeedIds, out _start, out long valueOffset, out long labelOffset))
        {
            return;
        }

        _startId = labelOffset >= 0 ? labelOffset : valueOffset;
        _startValueOffset = valueOffset;
        _payloads.Clear();
        _preorder = 0;
        long payload = 0;
        if (NeedIds)
        {
            if (_recursive)
            {
                JsonbLayout.AddPayloadSizes(_start, _payloads);
                payload = _payloads[0];
                _preorder = 1;
            }
            else if (IsContainer(_start))
            {
                payload = JsonbLayout.PayloadSize(_start);
            }
        }

        if (_recursive || !IsContainer(_start))
        {
            _phase = Phase.Root;
            return;
        }

        // json_each of an array or object: its members, each a child of the root.
        Push(_start, _startId, valueOffset + JsonbLayout.HeaderSize(payload), _rootText);
        _phase = Phase.Members;
    }

    /// <inheritdoc />
    public override bool Next(ExecutionContext context)
    {
        if (_phase == Phase.Done)
        {
            return false;
        }

        context.CheckCancellation();
        SqlValue[] row = context.Slots[_slot];
        if (_phase == Phase.Root)
        {
            WriteRoot(row);
            _phase = Phase.Members;
            if (_recursive && IsContainer(_start))
            {
                long payload = NeedIds ? _payloads[0] : 0;
                Push(_start, _startId, _startValueOffset + JsonbLayout.HeaderSize(payload), NeedPaths ? _rootText : null);
            }

            return true;
        }

        while (_depth > 0)
        {
            if (NextMember(row))
            {
                return true;
            }
        }

        _phase = Phase.Done;
        return false;
    }

    /// <inheritdoc />
    public override void Close(ExecutionContext context)
    {
        _document?.Dispose();
        _document = null;
        Array.Clear(_frames, 0, _depth);
        _depth = 0;
        _phase = Phase.Done;
    }

    /// <inheritdoc />
    public override string Describe() =>
        "TableFunction " + _name + "(" + (_json is null ? string.Empty : _path is null ? "json" : "json, path") + ")";

    private static bool IsContainer(JsonElement element) => element.ValueKind is JsonValueKind.Array or JsonValueKind.Object;

    // Moves the innermost open container to its next member and writes that member's row; pops the container
    // (returning false) when it has none left.
    private bool NextMember(SqlValue[] row)
    {
        ref Frame frame = ref _frames[_depth - 1];
        JsonElement element;
        JsonProperty member = default;
        long id = frame.NextOffset;
        long valueOffset = id;
        if (frame.IsObject)
        {
            if (!frame.Members.MoveNext())
            {
                Pop();
                return false;
            }

            member = frame.Members.Current;
            element = member.Value;
            if (NeedIds)
            {
                valueOffset = id + JsonbLayout.LabelSize(member);
            }
        }
        else
        {
            if (!frame.Items.MoveNext())
            {
                Pop();
                return false;
            }

            element = frame.Items.Current;
        }

        long index = ++frame.Index;
        string? fullKey = null;
        if (NeedPaths)
        {
            fullKey = frame.IsObject ? frame.FullKey + LabelStep(member) : frame.FullKey + "[" + index.ToString(CultureInfo.InvariantCulture) + "]";
        }

        row[Key] = !_used[Key] ? s_null : frame.IsObject ? SqlValue.FromText(member.Name) : SqlValue.FromInt64(index);
        WriteValue(row, element);
        row[Id] = _used[Id] ? SqlValue.FromInt64(id) : s_null;
        row[Parent] = _used[Parent] && _recursive ? SqlValue.FromInt64(frame.Id) : s_null;
        row[FullKey] = _used[FullKey] ? SqlValue.FromText(fullKey!) : s_null;
        row[Path] = _used[Path] ? SqlValue.FromText(frame.FullKey!) : s_null;
        WriteArguments(row);

        long payload = 0;
        if (NeedIds)
        {
            payload = _recursive ? _payloads[_preorder++] : JsonbLayout.PayloadSize(element);
            frame.NextOffset = valueOffset + JsonbLayout.HeaderSize(payload) + payload;
        }

        if (_recursive && IsContainer(element))
        {
            // Push may grow the frame array: the ref to this frame is not used after it.
            Push(element, id, valueOffset + JsonbLayout.HeaderSize(payload), fullKey);
        }

        return true;
    }

    private void WriteRoot(SqlValue[] row)
    {
        int pathLength = _rootText.Length;
        if (_recursive && _rootText.Length > 1 && (_used[Key] || _used[Path]))
        {
            pathLength = RootPathLength();
        }

        row[Key] = _used[Key] ? RootKey(pathLength) : s_null;
        WriteValue(row, _start);
        row[Id] = _used[Id] ? SqlValue.FromInt64(_startId) : s_null;
        row[Parent] = s_null;
        row[FullKey] = _used[FullKey] ? SqlValue.FromText(_rootText) : s_null;
        row[Path] = _used[Path] ? SqlValue.FromText(pathLength == _rootText.Length ? _rootText : _rootText[..pathLength]) : s_null;
        WriteArguments(row);
    }

    private void WriteArguments(SqlValue[] row)
    {
        row[Json] = _jsonText;
        row[Root] = _used[Root] ? SqlValue.FromText(_rootText) : s_null;
    }

    private void WriteValue(SqlValue[] row, JsonElement element)
    {
        SqlValue type;
        SqlValue value;
        bool atom = true;
        switch (element.ValueKind)
        {
            case JsonValueKind.Null:
                type = s_nullType;
                value = s_null;
                break;
            case JsonValueKind.True:
                type = s_trueType;
                value = SqlValue.FromInt64(1);
                break;
            case JsonValueKind.False:
                type = s_falseType;
                value = SqlValue.FromInt64(0);
                break;
            case JsonValueKind.Number:
                bool integer = ScalarFunctions.IsJsonInteger(element);
                type = integer ? s_integerType : s_realType;
                value = !_used[Value] && !_used[Atom] ? s_null
                    : integer && element.TryGetInt64(out long whole) ? SqlValue.FromInt64(whole)
                    : element.TryGetDouble(out double real) ? SqlValue.FromDouble(real)
                    : ScalarFunctions.JsonAtom(element);
                break;
            case JsonValueKind.String:
                type = s_textType;
                value = _used[Value] || _used[Atom] ? SqlValue.FromText(element.GetString()!) : s_null;
                break;
            default:
                type = element.ValueKind == JsonValueKind.Array ? s_arrayType : s_objectType;
                value = _used[Value] ? ScalarFunctions.JsonText(Minified(element)) : s_null;
                atom = false;
                break;
        }

        row[Type] = _used[Type] ? type : s_null;
        row[Value] = _used[Value] ? value : s_null;
        row[Atom] = _used[Atom] && atom ? value : s_null;
    }

    private void Push(JsonElement container, long id, long firstMember, string? fullKey)
    {
        if (_depth == _frames.Length)
        {
            Array.Resize(ref _frames, _frames.Length * 2);
        }

        bool isObject = container.ValueKind == JsonValueKind.Object;
        _frames[_depth++] = new Frame
        {
            IsObject = isObject,
            Items = isObject ? default : container.EnumerateArray(),
            Members = isObject ? container.EnumerateObject() : default,
            Index = -1,
            NextOffset = firstMember,
            Id = id,
            FullKey = fullKey,
        };
    }

    private void Pop() => _frames[--_depth] = default;

    // An open array or object: where its enumeration is, the offset of its next member's node, its id (the
    // parent of its members) and its full key (the path of its members).
    private struct Frame
    {
        public bool IsObject;
        public JsonElement.ArrayEnumerator Items;
        public JsonElement.ObjectEnumerator Members;
        public long Index;
        public long NextOffset;
        public long Id;
        public string? FullKey;
    }
}
