//! Technologies in prose: case rules that keep ordinary English out, phrases, versions and
//! file names.

use super::*;

#[test]
fn prose_names_technologies() {
    let cases: &[(&str, &[&str])] = &[
        ("add a FastAPI endpoint for orders", &["fastapi"]),
        ("Use React hooks for the form", &["react"]),
        ("the Express app needs a logger", &["express"]),
        ("Express.js middleware for auth", &["express"]),
        ("migrate the Next.js app router", &["nextjs"]),
        ("an Apache Spark job", &["spark"]),
        ("we run a Spark job nightly", &["spark"]),
        ("tune the model with Ray Tune", &["ray"]),
        ("the Flask blueprint", &["flask"]),
        ("write a Gin handler", &["gin"]),
        ("build an Expo app", &["expo"]),
        ("the Spring Boot controller", &["spring-boot"]),
        ("a React Native screen", &["react-native"]),
        ("a scikit-learn pipeline", &["scikit-learn"]),
        ("port the Vue3 component", &["vue"]),
        ("update next.config.js for images", &["nextjs"]),
        ("Build an MCP server", &["mcp"]),
        ("speak the model context protocol", &["mcp"]),
        ("use pandas.DataFrame here", &["pandas"]),
        ("wrap it in React.memo", &["react"]),
        ("Azure Functions with Bicep", &["azure-functions", "bicep"]),
        (
            "deploy with Terraform, then Kubernetes",
            &["terraform", "kubernetes"],
        ),
        (
            "a Power Apps PCF control",
            &["power-apps", "power-apps-pcf"],
        ),
        ("the ASP.NET Core minimal API", &["aspnet-core"]),
        ("Django or FastAPI?", &["django", "fastapi"]),
    ];
    let t = table();
    for (text, expected) in cases {
        assert_eq!(t.in_text(text), strings(expected), "{text}");
    }
}

#[test]
fn ordinary_english_names_nothing() {
    let cases = [
        "we react to events as they come",
        "Express the idea clearly.",
        "next, update the file",
        "Next, update the file",
        "this will spark joy",
        "remix the song",
        "echo the value back",
        "a ray of light",
        "fiber optics are fast",
        "gin and tonic",
        "a flask of wine",
        "in the spring we plant",
        "the expo hall was full",
        "a nextjsfoo helper",
        "reactive streams",
        "celery soup",
        "go ahead and fix the build",
        "write it in Rust and Go",
        "",
    ];
    let t = table();
    for text in cases {
        assert_eq!(t.in_text(text), Vec::<String>::new(), "{text:?}");
    }
}

#[test]
fn mentions_come_in_order_of_first_mention_once() {
    let t = table();
    assert_eq!(
        t.in_text("Supabase auth in Next.js, then Supabase storage and Next.js images"),
        strings(&["supabase", "nextjs"])
    );
}

#[test]
fn long_text_is_read_up_to_its_cap() {
    let mut text = "plain words ".repeat(7_000);
    text.push_str("with Django");
    assert_eq!(table().in_text(&text), Vec::<String>::new());
    assert_eq!(
        table().in_text(&text[text.len() - 30..]),
        strings(&["django"])
    );
}
