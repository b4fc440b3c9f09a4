using System.Runtime.InteropServices;
using System.Text.Json;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// The sizes JSON values would have in SQLite's JSONB encoding, from which json_each and json_tree number their
/// rows: SQLite's <c>id</c> is the byte offset of the element (of its label, for an object member) in the JSONB form
/// of the document. A node is a header (1, 2, 3, 5 or 9 bytes: the type and the payload size) and a payload:
/// strings and numbers as written in the text (escapes and all, without quotes), nothing for null, true and false,
/// and the nodes of the members for arrays and objects (each object member is a label node, then a value node).
/// </summary>
internal static class JsonbLayout
{
    /// <summary>The size of a node's header for a payload size (the smallest encoding that holds it).</summary>
    /// <param name="payload">The payload size in bytes.</param>
    /// <returns>The header size in bytes.</returns>
    public static long HeaderSize(long payload) => payload switch
    {
        <= 11 => 1,
        <= 0xFF => 2,
        <= 0xFFFF => 3,
        <= 0xFFFF_FFFF => 5,
        _ => 9,
    };

    /// <summary>The whole size of an element's node (header and payload).</summary>
    /// <param name="element">The element.</param>
    /// <returns>The size in bytes.</returns>
    public static long NodeSize(JsonElement element)
    {
        long payload = PayloadSize(element);
        return HeaderSize(payload) + payload;
    }

    /// <summary>The size of an object member's label node.</summary>
    /// <param name="member">The member.</param>
    /// <returns>The size in bytes.</returns>
    public static long LabelSize(JsonProperty member)
    {
        long length = JsonMarshal.GetRawUtf8PropertyName(member).Length;
        return HeaderSize(length) + length;
    }

    /// <summary>The payload size of an element's node (recursing into arrays and objects).</summary>
    /// <param name="element">The element.</param>
    /// <returns>The size in bytes.</returns>
    public static long PayloadSize(JsonElement element)
    {
        switch (element.ValueKind)
        {
            case JsonValueKind.String:
                // The raw value includes its quotes; the payload does not.
                return JsonMarshal.GetRawUtf8Value(element).Length - 2;
            case JsonValueKind.Number:
                return JsonMarshal.GetRawUtf8Value(element).Length;
            case JsonValueKind.Array:
                long items = 0;
                foreach (JsonElement item in element.EnumerateArray())
                {
                    items += NodeSize(item);
                }

                return items;
            case JsonValueKind.Object:
                long members = 0;
                foreach (JsonProperty member in element.EnumerateObject())
                {
                    members += LabelSize(member) + NodeSize(member.Value);
                }

                return members;
            default:
                return 0;
        }
    }

    /// <summary>
    /// Adds the payload size of the element and of every element under it, in document order (each before its
    /// members), and returns the element's whole node size: json_tree visits the nodes in this order.
    /// </summary>
    /// <param name="element">The element.</param>
    /// <param name="payloads">Receives the payload sizes.</param>
    /// <returns>The element's node size.</returns>
    public static long AddPayloadSizes(JsonElement element, List<long> payloads)
    {
        int at = payloads.Count;
        payloads.Add(0);
        long payload;
        switch (element.ValueKind)
        {
            case JsonValueKind.Array:
                payload = 0;
                foreach (JsonElement item in element.EnumerateArray())
                {
                    payload += AddPayloadSizes(item, payloads);
                }

                break;
            case JsonValueKind.Object:
                payload = 0;
                foreach (JsonProperty member in element.EnumerateObject())
                {
                    payload += LabelSize(member) + AddPayloadSizes(member.Value, payloads);
                }

                break;
            default:
                payload = PayloadSize(element);
                break;
        }

        payloads[at] = payload;
        return HeaderSize(payload) + payload;
    }
}
