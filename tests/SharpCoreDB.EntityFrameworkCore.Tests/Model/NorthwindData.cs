namespace SharpCoreDB.EntityFrameworkCore.Tests.Model;

/// <summary>
/// Seeded data for the model: the same seed gives the same rows (explicit keys), so both providers hold equal data.
/// Values cover the awkward cases: NULLs, mixed case and non-ASCII text, decimals with different scales, fractional
/// seconds, several UTC offsets, zero and long durations.
/// </summary>
internal static class NorthwindData
{
    public const int Seed = 24;

    private static readonly string[] s_countries = ["Germany", "France", "USA", "Brazil", "Japan", "Norway"];
    private static readonly string[] s_cities = ["Berlin", "Paris", "Seattle", "São Paulo", "Tokyo", "Oslo", "Lyon", "Köln"];
    private static readonly string[] s_words = ["Chai", "chang", "Aniseed", "Syrup", "Cajun", "Gumbo", "Tofu", "Konbu", "Ikura", "Queso", "Crème", "Pavlova"];

    public static void Seed_(NorthwindContext context, int seed = Seed)
    {
        var random = new Random(seed);
        var categories = new List<Category>();
        for (int i = 1; i <= 6; i++)
        {
            categories.Add(new Category { Id = i, Name = "Category " + (char)('A' + i - 1), Description = i % 3 == 0 ? null : "Things of kind " + i });
        }

        var tags = new List<Tag>();
        for (int i = 1; i <= 8; i++)
        {
            tags.Add(new Tag { Id = i, Label = "tag-" + s_words[i % s_words.Length].ToLowerInvariant() });
        }

        var products = new List<Product>();
        for (int i = 1; i <= 40; i++)
        {
            var product = new Product
            {
                Id = i,
                Name = s_words[random.Next(s_words.Length)] + " " + i,
                CategoryId = 1 + random.Next(6),
                UnitPrice = Math.Round((decimal)(random.NextDouble() * 200), random.Next(1, 4)) + (i % 7 == 0 ? 0.1m : 0m),
                UnitsInStock = random.Next(0, 120),
                Discontinued = random.Next(5) == 0,
                Weight = random.Next(4) == 0 ? null : Math.Round(random.NextDouble() * 10, 3),
                Sku = new Guid(random.Next(), (short)random.Next(short.MaxValue), (short)i, 1, 2, 3, 4, 5, 6, 7, (byte)i),
                Version = 1,
            };
            product.Tags.AddRange(tags.Where(t => (t.Id + i) % 3 == 0));
            products.Add(product);
        }

        var employees = new List<Employee>();
        for (int i = 1; i <= 10; i++)
        {
            employees.Add(new Employee
            {
                Id = i,
                Name = "Employee " + s_words[(i * 5) % s_words.Length],
                Title = i == 1 ? "CEO" : i <= 3 ? "Manager" : "Sales Rep",
                ManagerId = i == 1 ? null : i <= 3 ? 1 : 2 + (i % 2),
                HiredOn = new DateOnly(2010 + i, 1 + (i % 12), 1 + (i * 3 % 28)),
                ShiftStart = new TimeOnly(6 + (i % 5), (i * 7) % 60, i % 2 == 0 ? 30 : 0),
                Salary = i == 7 ? null : 40000m + i * 1234.56m,
            });
        }

        var customers = new List<Customer>();
        for (int i = 1; i <= 30; i++)
        {
            customers.Add(new Customer
            {
                Id = i,
                Name = (i % 4 == 0 ? "the " : "The ") + s_words[random.Next(s_words.Length)] + " Company " + i,
                Country = s_countries[random.Next(s_countries.Length)],
                Email = i % 5 == 0 ? null : $"customer{i}@example.com",
                Tier = (CustomerTier)random.Next(3),
                Address = new Address
                {
                    Street = $"{random.Next(1, 300)} Main Street",
                    City = s_cities[random.Next(s_cities.Length)],
                    PostalCode = i % 6 == 0 ? null : (10000 + random.Next(89999)).ToString(System.Globalization.CultureInfo.InvariantCulture),
                },
                CreatedAt = new DateTime(2020, 1, 1).AddMinutes(random.Next(0, 2_000_000)).AddMilliseconds(random.Next(1000)),
                Birthday = i % 4 == 1 ? null : new DateOnly(1950 + random.Next(50), 1 + random.Next(12), 1 + random.Next(28)),
                CreditLimit = i % 3 == 0 ? 0m : Math.Round((decimal)random.NextDouble() * 10000m, 2),
            });
        }

        var orders = new List<Order>();
        var lines = new List<OrderLine>();
        int lineId = 1;
        TimeSpan[] offsets = [TimeSpan.Zero, TimeSpan.FromHours(2), TimeSpan.FromHours(-5)];
        for (int i = 1; i <= 150; i++)
        {
            var orderedAt = new DateTime(2023, 1, 1).AddMinutes(random.Next(0, 700_000)).AddTicks(random.Next(10_000_000));
            var order = new Order
            {
                Id = i,
                CustomerId = 1 + random.Next(30),
                EmployeeId = random.Next(8) == 0 ? null : 1 + random.Next(10),
                OrderedAt = orderedAt,
                ShippedAt = random.Next(4) == 0 ? null : orderedAt.AddHours(random.Next(1, 300)),
                PlacedAt = new DateTimeOffset(orderedAt, offsets[i % 3]),
                HandlingTime = i % 10 == 0 ? TimeSpan.Zero : TimeSpan.FromMinutes(random.Next(1, 5000)),
                Freight = Math.Round((decimal)random.NextDouble() * 100m, 2),
                Status = (OrderStatus)random.Next(4),
                Notes = random.Next(3) == 0 ? null : (random.Next(2) == 0 ? "Leave at door" : "fragile: handle with care"),
                TrackingId = new Guid(i, (short)random.Next(short.MaxValue), 7, 8, 9, 10, 11, 12, 13, 14, (byte)(i % 256)),
            };
            orders.Add(order);
            int count = random.Next(0, 6);
            for (int j = 0; j < count; j++)
            {
                var product = products[random.Next(products.Count)];
                lines.Add(new OrderLine
                {
                    Id = lineId++,
                    OrderId = i,
                    ProductId = product.Id,
                    Quantity = random.Next(1, 50),
                    UnitPrice = product.UnitPrice,
                    Discount = random.Next(4) == 0 ? 0.05 * random.Next(1, 5) : 0,
                });
            }
        }

        context.Categories.AddRange(categories);
        context.Tags.AddRange(tags);
        context.Products.AddRange(products);
        context.Employees.AddRange(employees);
        context.Customers.AddRange(customers);
        context.Orders.AddRange(orders);
        context.OrderLines.AddRange(lines);
        context.SaveChanges();
    }
}
